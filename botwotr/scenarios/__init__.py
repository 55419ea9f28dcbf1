"""Scenario rules modules: each registers a `ScenarioRules` subclass under the name a
scenario's `rules_module` gives (`botwotr.core.scenario.rules_for` imports it by that name)."""
