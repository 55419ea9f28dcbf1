"""Scenes of the window (see base.Scene)."""
