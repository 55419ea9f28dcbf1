"""Helpers of tools/make_map.py: the map source reader, the TMX writer, the art painter."""
