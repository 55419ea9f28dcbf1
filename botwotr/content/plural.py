"""One figure of a unit type named in the plural, in English: shared by the translation files'
checks (content/i18n.py) and the window's log (ui/logtext.py). Standard library only, so the
log needs no YAML reader for it."""

from __future__ import annotations


def english_singular(name: str) -> str:
    """One figure of a unit type named in the plural, by the English rule on the last word
    ("Rohan Footmen" -> "Rohan Footman", "Ents" -> "Ent"; "Uruk-hai" stays), or on the word
    before "of" ("Rangers of Ithilien" -> "Ranger of Ithilien", "Men of the Outlands" -> "Man
    of the Outlands"). A scenario names a figure the rule gets wrong with the unit's `singular`."""
    if " of " in name:
        whole, _of, rest = name.partition(" of ")
        return f"{english_singular(whole)} of {rest}"
    head, _sep, last = name.rpartition(" ")
    low = last.lower()
    if low.endswith("men"):
        last = last[:-3] + last[-3:-2] + "an"
    elif low.endswith("s") and not low.endswith("ss") and len(last) > 2:
        last = last[:-1]
    return f"{head} {last}" if head else last
