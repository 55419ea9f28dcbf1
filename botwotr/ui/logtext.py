"""Events and commands told as sentences, every string through `_()`.

    event_sentence(event, spec) -> str | None   (None: bookkeeping nobody needs to read)
    command_sentence(cmd, spec, state) -> str   (the generic decision panel's rows)
    log_lines(game, seat) -> list[(index, str)] (the log panel, with hidden information hidden)

Content names (units, characters, regions, cards) come from the scenario spec as they are.
No pygame here.
"""

from __future__ import annotations

import re
from typing import Any

from ..content.plural import english_singular
from ..core.view import HIDDEN, event_for
from .i18n import N_, _, language, ngettext, pgettext
from .i18n_rules import win_reason

SIDE_NAMES = {"fp": N_("the Free Peoples"), "sh": N_("the Shadow"), "players": N_("the players"), None: N_("the game")}
SIDE_TITLES = {"fp": N_("Free Peoples"), "sh": N_("Shadow")}
PHASE_NAMES = {
    "setup": N_("Set-up"),
    "draw": N_("Draw cards"),
    "shadow": N_("Shadow phase"),
    "fate": N_("Fate phase"),
    "roll": N_("Action roll"),
    "actions": N_("Actions"),
    "end": N_("End of turn"),
    "over": N_("Game over"),
}
FACE_NAMES = {
    "character": N_("Character"),
    "army": N_("Army"),
    "muster": N_("Muster"),
    "army_muster": N_("Army/Muster"),
    "event": N_("Event"),
    "eye": N_("Eye"),
    "will": N_("Will of the West"),
}
TERRAIN_NAMES = {
    "plains": N_("plains"),
    "mountains": N_("mountains"),
    "forest": N_("forest"),
    "marsh": N_("marsh"),
    "fort": N_("fort"),
    "stronghold": N_("stronghold"),
}
BORDER_NAMES = {
    "normal": N_("open border"),
    "stream": N_("stream"),
    "wall": N_("wall"),
    "ford": N_("ford"),
    "pass": N_("pass"),
    "river": N_("river (impassable)"),
    "mountains": N_("mountains (impassable)"),
}
ACTION_NAMES = {
    "fast_move": N_("make a fast move"),
    "attack": N_("attack"),
    "move_characters": N_("move characters"),
    "play_card": N_("play a card"),
    "ability": N_("use an ability"),
    "enter_character": N_("bring in a character"),
    "strategic_move": N_("make a strategic move"),
    "combined_attack": N_("make a combined attack"),
    "recruit": N_("recruit"),
    "rally": N_("rally"),
    "draw_generic": N_("draw a generic card"),
    "draw_story": N_("draw a story card"),
    "mordor_recruit": N_("recruit Orcs"),
    "mordor_move": N_("move Orcs"),
    "mordor_attack": N_("attack with Orcs"),
    "forfeit": N_("spend it for nothing"),
    # the Battle for Gondor's siege (botwotr/scenarios/gondor.py)
    "build_catapults": N_("build catapults"),
    "build_tower": N_("build a siege tower"),
    "fire_catapults": N_("fire the catapults"),
}
TOKEN_NAMES = {"move": N_("move"), "recruit": N_("recruit"), "rally": N_("rally"), "characters": N_("move characters")}
ADJUST_WHAT = {
    "units": N_("the units"),
    "move": N_("an army's place"),
    "damage": N_("the damage markers"),
    "leaders": N_("the leaders"),
    "character": N_("a character"),
    "control": N_("a control marker"),
    "fate": N_("the fate marker"),
    "dice": N_("the action dice"),
    "card": N_("a card's place"),
}
TACTIC_NAMES = {"regroup": N_("Regroup"), "combat_event": N_("Combat event")}
ICON_NAMES = {"ent": N_("Ent"), "west_wind": N_("West Wind"), "onward": N_("Onward")}  # Gondor's: fate.yaml
FATE_COLOURS = {"grey": N_("grey"), "blue": N_("blue"), "red": N_("red")}
BATTLE_OUTCOMES = {
    "attacker_won": N_("the attacker wins"),
    "defender_won": N_("the defender holds"),
    "both_destroyed": N_("both armies are destroyed"),
    "ceased": N_("the attacker ceases the attack"),
    "retreated": N_("the defender retreats"),
    "fled": N_("the defender flees"),
    "fled_destroyed": N_("the fleeing army is destroyed"),
    "defender_destroyed": N_("the defending army is destroyed"),
}
CARD_PLACES = {
    "deck": N_("the deck"),
    "hand_fp": N_("the Free Peoples' hand"),
    "hand_sh": N_("the Shadow's hand"),
    "discard": N_("the discard pile"),
}
# A modifier a card adds: what it does, with {n} and whose it is ({side}).
MODIFIER_TEXT = {
    "hits": (N_("{side} scores {n} more hit"), N_("{side} scores {n} more hits")),
    "reroll": (N_("{side} may re-roll {n} more die"), N_("{side} may re-roll {n} more dice")),
    "target": (N_("{side} needs {n} more to hit"), N_("{side} needs {n} more to hit")),
    "absorb": (N_("{side} ignores {n} hit"), N_("{side} ignores {n} hits")),
    "strength": (N_("{side} fights with {n} more strength"), N_("{side} fights with {n} more strength")),
    "roll": (N_("{side} adds {n} to each combat die"), N_("{side} adds {n} to each combat die")),
    "cancel_card": (
        N_("the combat card played against {side} has no effect"),
        N_("the combat card played against {side} has no effect"),
    ),
}
MODIFIER_LESS = {
    "hits": (N_("{side} scores {n} hit fewer"), N_("{side} scores {n} hits fewer")),
    "reroll": (N_("{side} may re-roll {n} die fewer"), N_("{side} may re-roll {n} dice fewer")),
    "target": (N_("{side} needs {n} less to hit"), N_("{side} needs {n} less to hit")),
    "strength": (N_("{side} fights with {n} less strength"), N_("{side} fights with {n} less strength")),
    "roll": (N_("{side} takes {n} from each combat die"), N_("{side} takes {n} from each combat die")),
}
MODIFIER_UNTIL = {"round": N_("this round"), "battle": N_("this battle"), "turn": N_("this turn")}


def humanize(code) -> str:
    """Last resort for a code the client has no words for: "some_code" -> "some code"."""
    return str(code).replace("_", " ").replace(":", " ")


def icon_name(icon) -> str:
    return _(ICON_NAMES.get(icon, humanize(icon)))


def fate_tile_text(spec, tile_id) -> str:
    """A fate tile as the players see it: "a fate tile of value 2 with the Ent icon"."""
    t = spec.fate_tiles.get(tile_id)
    if t is None:
        return _("a fate tile")
    colour = _(FATE_COLOURS.get(t.color, humanize(t.color)))
    if t.icon:
        return _("a {colour} fate tile of value {v} with the {icon} icon").format(
            colour=colour, v=t.value, icon=icon_name(t.icon)
        )
    return _("a {colour} fate tile of value {v}").format(colour=colour, v=t.value)


def side_name(side) -> str:
    return _(SIDE_NAMES.get(side, str(side)))


ACTOR_NAMES = {
    "fp": N_("the Free Peoples player"),
    "sh": N_("the Shadow player"),
    "players": N_("the players"),
    None: N_("the game"),
}


def actor_name(side) -> str:
    """A side as the one who acts in a sentence (a singular subject: "the Shadow player uses")."""
    return _(ACTOR_NAMES.get(side, str(side)))


def side_title(side) -> str:
    return _(SIDE_TITLES.get(side, str(side)))


def winner_title(side) -> str:
    """The winner banner: one sentence per side ("The Free Peoples win!", "The Shadow wins!")."""
    if side == "fp":
        return _("The Free Peoples win!")
    if side == "sh":
        return _("The Shadow wins!")
    return side_title(side)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def region_name(spec, r) -> str:
    if r is None:
        return _("nowhere")
    reg = spec.board.regions.get(r)
    return reg.name if reg else str(r)


def unit_name(spec, u) -> str:
    if u == HIDDEN:
        return _("a hidden unit")
    us = spec.units.get(u)
    return us.name if us else str(u)


def char_name(spec, c) -> str:
    cs = spec.characters.get(c)
    return cs.name if cs else str(c)


def card_name(spec, c) -> str:
    if c is None:
        return _("no card")
    if c == HIDDEN:
        return _("a hidden card")
    if c == "?":  # physical cards (companion mode): the client does not know it
        return _("a card from the players' hands")
    cs = spec.cards.get(c)
    return cs.title if cs else str(c)


def face_name(f) -> str:
    return _(FACE_NAMES.get(f, str(f)))


def position_name(spec, p) -> str:
    ps = spec.positions.get(p) if p else None
    return ps.name if ps else str(p)


def unit_singular(spec, u) -> str:
    """One figure of a unit type: the content names types in the plural ("Ents", "Rohan
    Footmen") and one figure by the unit's `singular` (a translation's own, or the English one
    the content gives or the loader derives: "Ent", "Rohan Footman", "Mûmak"); without it, by
    the English rule (`english_singular`)."""
    name = unit_name(spec, u)
    if u == HIDDEN:
        return name
    us = spec.units.get(u)
    return (us.singular if us else "") or english_singular(name)


def unit_count(spec, u, n: int) -> str:
    """ "1 Ent", "3 Ents", "1 hidden unit"."""
    if u == HIDDEN:
        return ngettext("{n} hidden unit", "{n} hidden units", n).format(n=n)
    return ngettext("{n} {one}", "{n} {many}", n).format(n=n, one=unit_singular(spec, u), many=unit_name(spec, u))


def units_text(spec, units: dict) -> str:
    parts = [unit_count(spec, u, n) for u, n in sorted(units.items()) if n]
    return join_and(parts) if parts else _("no units")


def join_and(parts) -> str:
    parts = list(parts)
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return _("{a} and {b}").format(a=", ".join(parts[:-1]), b=parts[-1])


def path_text(spec, path) -> str:
    return " › ".join(region_name(spec, r) for r in path)


def border_rule_text(spec) -> str:
    """When the attacker needs more than 5 to hit (R-10.10), from the scenario's border rules:
    "The attacker hits on 6+ across a stream, ford or pass in the first round, and across a
    wall in the first 3 rounds (R-10.10)." Empty when no border changes it."""
    by_rule: dict[tuple[int, int], list[str]] = {}
    for kind, rule in spec.border_rules.items():
        if rule.rounds and rule.target != 5:
            by_rule.setdefault((rule.target, rule.rounds), []).append(_(BORDER_NAMES.get(kind, humanize(kind))))
    parts = []
    for (target, rounds), names in sorted(by_rule.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        where = _("{a} or {b}").format(a=", ".join(names[:-1]), b=names[-1]) if len(names) > 1 else names[0]
        when = (
            _("in the first round")
            if rounds == 1
            else ngettext("in the first {n} round", "in the first {n} rounds", rounds).format(n=rounds)
        )
        parts.append(_("on {t}+ across a {where} {when}").format(t=target, where=where, when=when))
    if not parts:
        return ""
    return _("The attacker hits {cases} (R-10.10).").format(cases=join_and(parts))


def tactic_name(spec, t) -> str:
    if t is None:
        return _("nothing")
    if t == HIDDEN:
        return _("a hidden choice")
    if isinstance(t, str) and t.startswith("maneuver:"):
        return _("Maneuver ({unit})").format(unit=unit_name(spec, t.split(":", 1)[1]))
    return _(TACTIC_NAMES.get(t, str(t)))


# -- events ------------------------------------------------------------------------------------


def _note_sentence(e: dict) -> str | None:
    """A `Note` written as a whole sentence is shown; the engine's own shorthand notes
    ("combat card cancelled") stay bookkeeping."""
    text = e.get("text")
    if isinstance(text, str) and text[:1].isupper() and text.rstrip().endswith((".", "!")):
        return text.strip()
    return None


def _siege_why(p: dict) -> str:
    """The reason a Battle for Gondor Note gives, in words (its code: gondor.WHY_CODES)."""
    why = p.get("why")
    if why == "fate":
        return pgettext("siege reason", "fate {space}").format(space=p["space"])
    if why == "card":
        return pgettext("siege reason", "a card")
    if why == "west_wind":
        return pgettext("siege reason", "a west wind")
    if why == "sortie":
        return pgettext("siege reason", "a sortie")
    if why == "ground_taken":
        return pgettext("siege reason", "the Free Peoples took the ground")
    if why == "catapults":
        return pgettext("siege reason", "catapults")
    if why == "assault":
        return pgettext("siege reason", "the assault")
    raise KeyError(why)


def _siege_note(code, p: dict, spec) -> str | None:
    """A Battle for Gondor Note (botwotr/scenarios/gondor.py) from its code and params, or None
    for a code this client has no sentence for."""
    if code == "darkness_lifts":
        regions = ", ".join(region_name(spec, r) for r in p["regions"])
        return _("The Darkness lifts ({why}): {regions}.").format(why=_siege_why(p), regions=regions)
    if code == "darkness_covers":
        regions = ", ".join(region_name(spec, r) for r in p["regions"])
        return _("The Darkness covers {regions} again.").format(regions=regions)
    if code == "catapult_built":
        return _("A catapult is built in {region}.").format(region=region_name(spec, p["region"]))
    if code == "tower_raised":
        return _("A siege tower is raised in {region}.").format(region=region_name(spec, p["region"]))
    if code == "siege_pieces_burnt":
        n, where, why = p["catapults"], region_name(spec, p["region"]), _siege_why(p)
        if n and p["tower"]:
            text = ngettext(
                "{n} catapult and a siege tower burnt in {region} ({why}).",
                "{n} catapults and a siege tower burnt in {region} ({why}).",
                n,
            )
        elif n:
            text = ngettext("{n} catapult burnt in {region} ({why}).", "{n} catapults burnt in {region} ({why}).", n)
        else:
            text = _("A siege tower burnt in {region} ({why}).")
        return text.format(n=n, region=where, why=why)
    if code == "protection_falls":
        text = ngettext(
            "{region}'s protection falls by {n} to {left} ({why}).",
            "{region}'s protection falls by {n} to {left} ({why}).",
            p["loss"],
        ).format(region=region_name(spec, p["region"]), n=p["loss"], left=p["left"], why=_siege_why(p))
        return text + " " + _("The walls are breached!") if p["left"] == 0 else text
    if code == "catapults_fire":
        dice = ", ".join(str(d) for d in p["dice"])
        return ngettext(
            "The catapults fire: {dice} ({n} hit).", "The catapults fire: {dice} ({n} hits).", p["hits"]
        ).format(dice=dice, n=p["hits"])
    if code == "trapped_army_destroyed":
        return _("Attacked from a recruitment area with nowhere to retreat, the Shadow army is destroyed.")
    if code == "tower_discarded":
        return _("The siege tower has done its work and is discarded.")
    return None


def _note(e: dict, spec) -> str | None:
    """A rules module's Note: told from its code and params through the catalogue; a Note with
    no code (saves of earlier versions) or one this client does not know is shown as written."""
    code, params = e.get("code"), e.get("params")
    if code is not None and isinstance(params, dict):
        try:
            line = _siege_note(code, params, spec)
        except (KeyError, TypeError, AttributeError, ValueError):  # a params shape we do not know
            line = None
        if line is not None:
            return line
    return _note_sentence(e)


# Portuguese and Spanish join a preposition and the article of the name put after it ("de" +
# "a Sombra" -> "da Sombra", "em" + "O Harlond" -> "no Harlond", "de" + "el" -> "del"); a name's
# article is written small inside a sentence ("en El Harlond" -> "en el Harlond").
_PT_JOIN = {
    ("de", "o"): "do", ("de", "a"): "da", ("de", "os"): "dos", ("de", "as"): "das",
    ("em", "o"): "no", ("em", "a"): "na", ("em", "os"): "nos", ("em", "as"): "nas",
    ("por", "o"): "pelo", ("por", "a"): "pela", ("por", "os"): "pelos", ("por", "as"): "pelas",
    ("a", "o"): "ao", ("a", "a"): "à", ("a", "os"): "aos", ("a", "as"): "às",
}  # fmt: skip
_PT = re.compile(r"\b(de|em|por|a|De|Em|Por|A) (o|a|os|as|O|A|Os|As)(?= )")
_PT_SMALL = re.compile(r"\b(para|entre|sobre|até|com|contra|sem|e) (O|A|Os|As)(?= )")
_ES_SMALL = re.compile(r"\b(en|desde|de|a|hacia|hasta|por|para|entre|sobre|con|contra|sin) (El|La|Los|Las)(?= )")
_ES_JOIN = re.compile(r"\b(de|a|De|A) el(?= )")


def agree(s: str) -> str:
    """A sentence of the log with the contractions of the window's language (pt_BR, es)."""
    lang = language()
    if lang == "pt_BR":
        s = _PT_SMALL.sub(lambda m: f"{m[1]} {m[2].lower()}", s)

        def join(m: re.Match) -> str:
            out = _PT_JOIN[(m[1].lower(), m[2].lower())]
            return out.capitalize() if m[1][0].isupper() else out

        return _PT.sub(join, s)
    if lang == "es":
        s = _ES_SMALL.sub(lambda m: f"{m[1]} {m[2].lower()}", s)
        return _ES_JOIN.sub(
            lambda m: (
                ("Del" if m[1][0].isupper() else "del")
                if m[1] in ("de", "De")
                else ("Al" if m[1][0].isupper() else "al")
            ),
            s,
        )
    return s


def event_sentence(e: dict, spec) -> str | None:
    """One event as a sentence, or None for bookkeeping (steps, pending decisions, chance)."""
    line = _event_sentence(e, spec)
    return agree(line) if line and language() in ("pt_BR", "es") else line


def _event_sentence(e: dict, spec) -> str | None:
    k = e["e"]
    if k == "Note":  # a scenario rules module's sentence (Gondor's walls, catapults, Darkness)
        return _note(e, spec)
    fn = _EVENTS.get(k)
    if fn is None:
        return None if k in _SILENT else _("{event}.").format(event=event_title(k))
    try:
        return fn(e, spec)
    except (KeyError, TypeError, AttributeError):  # an event shape we do not know yet
        return _("{event}.").format(event=event_title(k))


def event_title(kind: str) -> str:
    """An event kind the client has no sentence for, in words: "CardsDrawn" -> "Cards drawn"."""
    words, cur = [], ""
    for ch in kind:
        if ch.isupper() and cur:
            words.append(cur)
            cur = ""
        cur += ch
    words.append(cur)
    return cap(" ".join(w.lower() for w in words if w))


_SILENT = {
    "StepDone",
    "PendingPushed",
    "PendingPopped",
    "PendingUpdated",
    "RngAdvanced",
    "BattleSet",
    "BattleUpdated",
    "ModifiersCleared",
    "FlagSet",
    "ActionStarted",
    "DecksShuffled",
    "FatePoolFilled",
    "RecruitmentPoolSet",
    "Note",
}


def _units_placed(e, spec):
    why = e.get("why")
    if why == "setup":
        return _("{side} sets up {units} in {region}.").format(
            side=cap(actor_name(e["side"])), units=units_text(spec, e["units"]), region=region_name(spec, e["region"])
        )
    return _("{side} places {units} in {region}.").format(
        side=cap(actor_name(e["side"])), units=units_text(spec, e["units"]), region=region_name(spec, e["region"])
    )


def _units_removed(e, spec):
    units = {u: abs(n) for u, n in e["units"].items()}
    why = e.get("why")
    tail = {
        "casualty": _(" as a casualty"),
        "fled": _(" while fleeing"),
        "over the limit of 5": _(" (over the limit of 5)"),
    }.get(why, "")
    return _("{side} loses {units} in {region}{tail}.").format(
        side=cap(actor_name(e["side"])), units=units_text(spec, units), region=region_name(spec, e["region"]), tail=tail
    )


def _army_moved(e, spec):
    extra = []
    if e.get("leaders"):
        extra.append(ngettext("{n} leader", "{n} leaders", e["leaders"]).format(n=e["leaders"]))
    if e.get("characters"):
        extra.append(join_and(char_name(spec, c) for c in e["characters"]))
    who = units_text(spec, e["units"])
    if extra:
        who = _("{units} with {others}").format(units=who, others=join_and(extra))
    return _("{side} moves {who} from {src} to {path}.").format(
        side=cap(actor_name(e["side"])), who=who, src=region_name(spec, e["from"]), path=path_text(spec, e["path"])
    )


def _damage(e, spec):
    n = e["n"]
    if n >= 0:
        return ngettext("{n} damage marker is put in {region}.", "{n} damage markers are put in {region}.", n).format(
            n=n, region=region_name(spec, e["region"])
        )
    return ngettext(
        "{n} damage marker is removed from {region}.", "{n} damage markers are removed from {region}.", -n
    ).format(n=-n, region=region_name(spec, e["region"]))


def _control(e, spec):
    if e["side"] is None:
        return _("{region} is liberated.").format(region=region_name(spec, e["region"]))
    return _("{side} takes control of {region}.").format(
        side=cap(actor_name(e["side"])), region=region_name(spec, e["region"])
    )


def _char_status(e, spec):
    c = char_name(spec, e["char"])
    st = e["status"]
    if st == "in_play":
        return _("{char} enters play in {region}.").format(char=c, region=region_name(spec, e.get("region")))
    if st == "ready":
        return _("{char} is ready to enter play.").format(char=c)
    if st == "eliminated":
        return _("{char} is eliminated.").format(char=c)
    return _("{char} returns to the pool.").format(char=c)


def _cards_drawn(e, spec):
    cards = e["cards"]
    deck = {"generic": _("the generic deck"), "story": _("their story deck"), "special": _("the special deck")}.get(
        e["deck"], e["deck"]
    )
    if all(c == HIDDEN for c in cards):
        return ngettext("{side} draws a card from {deck}.", "{side} draws {n} cards from {deck}.", len(cards)).format(
            side=cap(actor_name(e["side"])), n=len(cards), deck=deck
        )
    return _("{side} draws {cards} from {deck}.").format(
        side=cap(actor_name(e["side"])), cards=join_and(card_name(spec, c) for c in cards), deck=deck
    )


def _card_played(e, spec):
    if e.get("by_hand"):  # physical cards: the players apply it themselves
        return _("{side} plays a card from their hand; the players apply it by hand.").format(
            side=cap(actor_name(e["side"]))
        )
    if e.get("die"):
        return _("{side} plays {card} with their {face} die.").format(
            side=cap(actor_name(e["side"])), card=card_name(spec, e["card"]), face=face_name(e["die"])
        )
    return _("{side} plays {card}.").format(side=cap(actor_name(e["side"])), card=card_name(spec, e["card"]))


def _dice_rolled(e, spec):
    faces = ", ".join(face_name(f) for f in e["results"])
    s = _("{side} rolls {faces}.").format(side=cap(actor_name(e["side"])), faces=faces)
    if e.get("to_box"):
        s += " " + ngettext("{n} die goes to the Shadow Box.", "{n} dice go to the Shadow Box.", e["to_box"]).format(
            n=e["to_box"]
        )
    return s


def _die_used(e, spec):
    act = _(ACTION_NAMES.get(e.get("action"), str(e.get("action"))))
    return _("{side} uses their {face} die to {action}.").format(
        side=cap(actor_name(e["side"])), face=face_name(e["result"]), action=act
    )


def _fate_applied(e, spec):
    s = _("A fate tile of value {n} is applied.").format(n=e["value"])
    if e.get("icon"):
        s += " " + _("It shows the {icon} icon.").format(icon=icon_name(e["icon"]))
    return s


def _battle_started(e, spec):
    args = {
        "side": cap(actor_name(e["attacker"])),
        "target": region_name(spec, e["target"]),
        "armies": join_and(region_name(spec, r) for r in e["armies"]),
    }
    if e.get("mode") == "combined" and len(e["armies"]) > 1:  # one army fights each round
        return _("{side} makes a combined attack on {target} from {armies}.").format(**args)
    return _("{side} attacks {target} from {armies}.").format(**args)


def _battle_ended(e, spec):
    return _("The battle for {target} ends: {outcome}.").format(
        target=region_name(spec, e["target"]),
        outcome=_(BATTLE_OUTCOMES.get(e.get("outcome"), humanize(e.get("outcome"))))
        if e.get("outcome")
        else _("no result"),
    )


def _combat_rolled(e, spec):
    dice = " ".join(str(d) for d in e.get("dice", []))
    return _("{side} rolls combat dice: {dice} (hit on {target}+).").format(
        side=cap(actor_name(e["side"])), dice=dice or "-", target=e.get("target", "?")
    )


def _tactics(e, spec):
    ch = e.get("choice", {})
    return _("Tactics revealed: {fp} for the Free Peoples, {sh} for the Shadow.").format(
        fp=tactic_name(spec, ch.get("fp")), sh=tactic_name(spec, ch.get("sh"))
    )


def _modifier(e, spec):
    m = e["mod"]
    n = m.get("n", 1)
    kind = m.get("kind")
    forms = (MODIFIER_LESS if n < 0 else MODIFIER_TEXT).get(kind)
    who = side_name(m.get("side"))
    if forms is None:
        what = _("{side}: {kind} {n:+d}").format(side=who, kind=humanize(kind), n=n)
    else:
        what = ngettext(forms[0], forms[1], abs(n)).format(side=who, n=abs(n))
    until = m.get("until")
    if until in MODIFIER_UNTIL:
        what = _("{what} {until}").format(what=what, until=_(MODIFIER_UNTIL[until]))
    return _("{what}.").format(what=cap(what))


_EVENTS: dict[str, Any] = {
    "GameStarted": lambda e, spec: _("A new game of {name} begins.").format(name=spec.name),
    "UnitsPlaced": _units_placed,
    "UnitsRemoved": _units_removed,
    "LeadersPlaced": lambda e, spec: ngettext(
        "{n} leader is placed in {region}.", "{n} leaders are placed in {region}.", e["n"]
    ).format(n=e["n"], region=region_name(spec, e["region"])),
    "LeadersRemoved": lambda e, spec: ngettext(
        "{n} leader is removed from {region}.", "{n} leaders are removed from {region}.", abs(e["n"])
    ).format(n=abs(e["n"]), region=region_name(spec, e["region"])),
    "ArmyMoved": _army_moved,
    "ArmyDestroyed": lambda e, spec: _("The army of {side} in {region} is destroyed.").format(
        side=side_name(e["side"]), region=region_name(spec, e["region"])
    ),
    "DamageChanged": _damage,
    "ControlChanged": _control,
    "RecruitmentTokenPlaced": lambda e, spec: (
        _("{side} places a face-down recruitment token in {region}.")
        if e["unit"] == HIDDEN
        else _("{side} places a recruitment token ({unit}) in {region}.")
    ).format(side=cap(actor_name(e["side"])), unit=unit_name(spec, e["unit"]), region=region_name(spec, e["region"])),
    "RecruitmentTokenUsed": lambda e, spec: _("{side} turns up the recruitment token in {region}: {unit}.").format(
        side=cap(actor_name(e["side"])), region=region_name(spec, e["region"]), unit=unit_name(spec, e["unit"])
    ),
    "RecruitmentTokensDestroyed": lambda e, spec: ngettext(
        "{n} recruitment token of {side} in {region} is destroyed.",
        "{n} recruitment tokens of {side} in {region} are destroyed.",
        len(e["units"]),
    ).format(n=len(e["units"]), side=side_name(e["side"]), region=region_name(spec, e["region"])),
    "CharacterStatus": _char_status,
    "CharactersMoved": lambda e, spec: _("{side} moves {chars} to {path}.").format(
        side=cap(actor_name(e["side"])),
        chars=join_and(char_name(spec, c) for c in e["chars"]),
        path=path_text(spec, e["path"]),
    ),
    "TurnStarted": lambda e, spec: _("Turn {n} begins.").format(n=e["turn"]),
    "PositionSet": lambda e, spec: _("The game starts from a position given as data (a rule case)."),
    "PhaseStarted": lambda e, spec: _("{phase}.").format(phase=_(PHASE_NAMES.get(e["phase"], e["phase"]))),
    "CardsDrawn": _cards_drawn,
    "GenericDeckReshuffled": lambda e, spec: _("The generic discard pile is shuffled into a new deck."),
    "CardDiscarded": lambda e, spec: _("{side} discards {card}.").format(
        side=cap(actor_name(e["side"])), card=card_name(spec, e["card"])
    ),
    "CardPlayed": _card_played,
    "CardRevealed": lambda e, spec: _("{side} reveals {card}.").format(
        side=cap(actor_name(e["side"])), card=card_name(spec, e["card"])
    ),
    "CardLeftTable": lambda e, spec: _("{card} leaves the table.").format(card=card_name(spec, e["card"])),
    "CardMovedByPlayers": lambda e, spec: _("The players move {card} to {to}.").format(
        card=card_name(spec, e["card"]), to=_(CARD_PLACES.get(e["to"], humanize(e["to"])))
    ),
    "PositionChosen": lambda e, spec: (
        ngettext(
            "Saruman takes his place in {pos} ({n} die in the Shadow Box).",
            "Saruman takes his place in {pos} ({n} dice in the Shadow Box).",
            e["dice"],
        )
        if spec.commander == "saruman"
        else ngettext(
            "{who} takes his place in {pos} ({n} die in the Shadow Box).",
            "{who} takes his place in {pos} ({n} dice in the Shadow Box).",
            e["dice"],
        )
    ).format(pos=position_name(spec, e["position"]), n=e["dice"], who=char_name(spec, spec.commander)),
    "LeadershipTokensGained": lambda e, spec: ngettext(
        "The Shadow player gains {n} leadership token.", "The Shadow player gains {n} leadership tokens.", e["n"]
    ).format(n=e["n"]),
    "LeadershipTokenPlaced": lambda e, spec: _("The Shadow player places a leadership token in {region}.").format(
        region=region_name(spec, e["region"])
    ),
    "LeadershipTokensLost": lambda e, spec: _("The Shadow's unplaced leadership tokens are lost."),
    "LeadershipTokensRemoved": lambda e, spec: _("The Shadow leadership tokens are removed from the board."),
    "FateTileDrawn": lambda e, spec: (
        _("The Free Peoples player draws a fate tile.")
        if e["tile"] == HIDDEN
        else _("The Free Peoples player draws {tile}.").format(tile=fate_tile_text(spec, e["tile"]))
    ),
    "FateTileSetAside": lambda e, spec: _("The fate tile is set aside."),
    "FateTileApplied": _fate_applied,
    "FateTilesReturned": lambda e, spec: _("The tiles set aside go back into the fate pool."),
    "FatePoolRefilled": lambda e, spec: _("The used fate tiles go back into the pool."),
    "FateTileAdded": lambda e, spec: _("A new fate tile is added to the pool."),
    "FateMarkerMoved": lambda e, spec: _("The fate marker moves from {a} to {b}.").format(a=e["from"], b=e["to"]),
    "DiceRolled": _dice_rolled,
    "DieUsed": _die_used,
    "DieChanged": lambda e, spec: _("A die of {side} becomes {face}.").format(
        side=side_name(e["side"]), face=face_name(e["result"])
    ),
    "DiceBonusChanged": lambda e, spec: _("{side} will have {n:+d} action dice from next turn.").format(
        side=cap(actor_name(e["side"])), n=e["n"]
    ),
    "ActionTokenUsed": lambda e, spec: (
        _("The Free Peoples player gives up an action token for good: {char}'s ability.").format(
            char=char_name(spec, e["action"].split(":", 1)[1])
        )
        if str(e.get("action", "")).startswith("ability:")
        else _("The Free Peoples player uses an action token to {action}.").format(
            action=_(TOKEN_NAMES.get(e.get("action"), str(e.get("action"))))
        )
    ),
    "ActionTokensGained": lambda e, spec: ngettext(
        "The Free Peoples player gains {n} action token.", "The Free Peoples player gains {n} action tokens.", e["n"]
    ).format(n=e["n"]),
    "ActionEnded": lambda e, spec: None,
    "Passed": lambda e, spec: _("{side} passes.").format(side=cap(actor_name(e["side"]))),
    "GameWon": lambda e, spec: _("{side} wins! {reason}").format(
        side=cap(actor_name(e["side"])), reason=win_reason(e.get("reason", ""))
    ),
    "ModifierAdded": _modifier,
    "BattleStarted": _battle_started,
    "BattleEnded": _battle_ended,
    "TacticsRevealed": _tactics,
    "CombatRolled": _combat_rolled,
    "RallyRolled": lambda e, spec: _("{side} rolls to rally in {region}.").format(
        side=cap(actor_name(e["side"])), region=region_name(spec, e["region"])
    ),
    "TerrainSuperiority": lambda e, spec: _("Terrain superiority: {who}.").format(
        who=side_name(e["winner"]) if e.get("winner") else _("nobody")
    ),
    "UnitAbilityTriggered": lambda e, spec: _("{unit} of {side} use their ability.").format(
        unit=unit_name(spec, e["unit"]), side=side_name(e["side"])
    ),
    "Fled": lambda e, spec: _("{side} flees from {region}.").format(
        side=cap(actor_name(e["side"])), region=region_name(spec, e["region"])
    ),
    "Adjustment": lambda e, spec: _("The players adjust {what} by hand:").format(
        what=_(ADJUST_WHAT.get(e.get("what"), str(e.get("what", ""))))
    ),
}


def entry_sentences(entry: dict, spec, seat: str) -> list[tuple[str, str]]:
    """(event kind, sentence) for every readable event of one log entry a seat may see."""
    out = []
    for ev in entry["events"]:
        v = event_for(ev, seat) if seat in ("fp", "sh", "public") else ev
        if v is None:
            continue
        s = event_sentence(v, spec)
        if s:
            out.append((v["e"], s))
    return out


def log_entries(game, seat: str, start: int = 0) -> list[tuple[int, str, str]]:
    """(log index, event kind, sentence) for every readable event a seat may see, oldest first."""
    out = []
    for i, entry in enumerate(game.log[start:], start):
        out += [(i, k, s) for k, s in entry_sentences(entry, game.spec, seat)]
    return out


def log_lines(game, seat: str, start: int = 0) -> list[tuple[int, str]]:
    """(log index, sentence) for every readable event a seat may see, oldest first."""
    return [(i, s) for i, _k, s in log_entries(game, seat, start)]


# -- commands ----------------------------------------------------------------------------------


def command_sentence(cmd: dict, spec, state: dict | None = None) -> str:
    """A legal command as a button label: "Use a Muster die to recruit", "Move 2 Uruk-hai ..."."""
    c = cmd.get("cmd")
    fn = _COMMANDS.get(c)
    try:
        if fn is not None:
            return fn(cmd, spec, state)
    except (KeyError, TypeError, AttributeError, IndexError):
        pass
    return cap(humanize(c))


def _die_face(cmd, state):
    if state is None:
        return None
    d = cmd.get("die")
    if d == "box":
        return "character"
    try:
        return state["sides"][cmd["side"]]["rolled"][d]
    except (KeyError, IndexError, TypeError):
        return None


def _use_die(cmd, spec, state):
    face = _die_face(cmd, state)
    a = cmd.get("action")
    what = _(ACTION_NAMES.get(a, str(a)))
    if a == "play_card" and cmd.get("card") == "?":
        what = _("play a card by hand")
    elif a == "play_card":
        what = _("play {card}").format(card=card_name(spec, cmd.get("card")))
    elif a == "ability":
        what = _("use {char}'s ability").format(char=char_name(spec, cmd.get("character")))
    elif a == "enter_character":
        what = _("bring {char} into {region}").format(
            char=char_name(spec, cmd.get("character")), region=region_name(spec, cmd.get("region"))
        )
    if cmd.get("die") == "box":
        return _("Use your Shadow Box die to {what}").format(what=what)
    if face:
        return _("Use your {face} die to {what}").format(face=face_name(face), what=what)
    return _("Use your die to {what}").format(what=what)


def _move_bits(cmd, spec, state):
    bits = []
    if cmd.get("units"):
        bits.append(units_text(spec, cmd["units"]))
    elif state is not None and cmd.get("from") in state.get("regions", {}):
        bits.append(units_text(spec, state["regions"][cmd["from"]]["units"]))
    if cmd.get("leaders"):
        bits.append(ngettext("{n} leader", "{n} leaders", cmd["leaders"]).format(n=cmd["leaders"]))
    if cmd.get("characters"):
        bits.append(join_and(char_name(spec, c) for c in cmd["characters"]))
    s = join_and(bits) or _("the army")
    if cmd.get("damage"):
        s += " " + ngettext("(with {n} damage)", "(with {n} damage)", cmd["damage"]).format(n=cmd["damage"])
    return s


def _pass(cmd, spec, state):
    if cmd.get("token"):
        return _("Use an action token to {action}").format(action=_(TOKEN_NAMES.get(cmd["token"], cmd["token"])))
    return _("Pass")


def _roll(cmd, spec, state):
    return _("{side}: roll the dice").format(side=side_title(cmd.get("side")))


_COMMANDS: dict[str, Any] = {
    "start_game": lambda cmd, spec, st: _("Start the game"),
    "discard": lambda cmd, spec, st: _("Discard {card}").format(card=card_name(spec, cmd["card"])),
    "choose_position": lambda cmd, spec, st: (
        _("Put Saruman in {pos}") if spec.commander == "saruman" else _("Put {who} in {pos}")
    ).format(pos=position_name(spec, cmd["position"]), who=char_name(spec, spec.commander)),
    "place_leadership_token": lambda cmd, spec, st: _("Place a leadership token in {region}").format(
        region=region_name(spec, cmd["region"])
    ),
    "done": lambda cmd, spec, st: _("Done"),
    "draw_fate": lambda cmd, spec, st: _("Draw a fate tile"),
    "draw_cards": lambda cmd, spec, st: _("{side}: draw this turn's cards").format(side=side_title(cmd.get("side"))),
    "keep_fate": lambda cmd, spec, st: _("Keep the fate tile"),
    "set_aside_fate": lambda cmd, spec, st: _("Set the tile aside and draw another"),
    "use_ability": lambda cmd, spec, st: _("Use {char}'s ability (no die)").format(
        char=char_name(spec, cmd.get("character"))
    ),
    "choose_die": lambda cmd, spec, st: _("Change die {n}").format(n=(cmd.get("die") or 0) + 1),
    "roll_dice": _roll,
    "use_die": _use_die,
    "pass": _pass,
    "move_army": lambda cmd, spec, st: _("Move {who} from {src} to {path}").format(
        who=_move_bits(cmd, spec, st), src=region_name(spec, cmd["from"]), path=path_text(spec, cmd["path"])
    ),
    "attack": lambda cmd, spec, st: (
        _("Attack {target} with the armies in {armies}").format(
            target=region_name(spec, cmd["target"]),
            armies=join_and(region_name(spec, a if isinstance(a, str) else a.get("from")) for a in cmd["armies"]),
        )
        if cmd.get("armies")
        else _("Attack {target} from {src} with {who}").format(
            target=region_name(spec, cmd["target"]), src=region_name(spec, cmd["from"]), who=_move_bits(cmd, spec, st)
        )
    ),
    "recruit": lambda cmd, spec, st: _("Recruit in {region}").format(region=region_name(spec, cmd["region"])),
    "place_orc": lambda cmd, spec, st: _("Place an Orc in {region}").format(region=region_name(spec, cmd["region"])),
    "rally": lambda cmd, spec, st: _("Rally the army in {region}").format(region=region_name(spec, cmd["region"])),
    "move_characters": lambda cmd, spec, st: _("Move {chars} to {path}").format(
        chars=join_and(char_name(spec, c) for c in cmd["characters"]), path=path_text(spec, cmd["path"])
    ),
    "remove_unit": lambda cmd, spec, st: _("Remove one {unit}").format(unit=unit_singular(spec, cmd["unit"])),
    "choose_unit": lambda cmd, spec, st: _("Recruit one {unit}").format(unit=unit_singular(spec, cmd["unit"])),
    "choose_region": lambda cmd, spec, st: _("Choose {region}").format(region=region_name(spec, cmd["region"])),
    "casualty": lambda cmd, spec, st: _("Take one {unit} as a casualty").format(unit=unit_singular(spec, cmd["unit"])),
    "tactic": lambda cmd, spec, st: _("{side}: choose {tactic}").format(
        side=side_title(cmd.get("side")), tactic=tactic_name(spec, cmd["tactic"])
    ),
    "combat_card": lambda cmd, spec, st: _("{side}: fight with {card}").format(
        side=side_title(cmd.get("side")), card=card_name(spec, cmd.get("card"))
    ),
    "choose_army": lambda cmd, spec, st: _("Fight this round with the army in {region}").format(
        region=region_name(spec, cmd["region"])
    ),
    "roll_combat": lambda cmd, spec, st: _("{side}: roll the combat dice").format(side=side_title(cmd.get("side"))),
    "reroll": lambda cmd, spec, st: (
        ngettext("Re-roll {n} die", "Re-roll {n} dice", len(cmd["dice"])).format(n=len(cmd["dice"]))
        + (" (" + ", ".join(str(d + 1) for d in cmd["dice"]) + ")" if cmd["dice"] else "")
        if cmd.get("dice")
        else _("Re-roll nothing")
    ),
    "cease": lambda cmd, spec, st: _("Cease the attack"),
    "fight_on": lambda cmd, spec, st: _("Fight on"),
    "withdraw": lambda cmd, spec, st: {"stay": _("Stay and fight"), "retreat": _("Retreat"), "flee": _("Flee")}.get(
        cmd["choice"], cmd["choice"]
    ),
    "flee_casualty": lambda cmd, spec, st: _("Lose one {unit} while fleeing").format(
        unit=unit_singular(spec, cmd["unit"])
    ),
    "retreat_to": lambda cmd, spec, st: _("Retreat to {region}").format(region=region_name(spec, cmd["region"])),
    "advance": lambda cmd, spec, st: _("Advance from {src} with {who}").format(
        src=region_name(spec, cmd["from"]), who=_move_bits(cmd, spec, st)
    ),
}


def command_group(cmd: dict, spec, state: dict | None = None) -> str:
    """A heading under which the generic panel groups a command (by die, or by kind)."""
    c = cmd.get("cmd")
    if c == "use_die":
        face = _die_face(cmd, state)
        if cmd.get("die") == "box":
            return _("Shadow Box die")
        return _("{face} die").format(face=face_name(face)) if face else _("Dice")
    if c in ("pass",):
        return _("Pass or use a token")
    if c == "move_army":
        return _("Move from {src}").format(src=region_name(spec, cmd.get("from")))
    if c == "attack":
        return _("Attack {target}").format(target=region_name(spec, cmd.get("target")))
    if c == "advance":
        return _("Advance from {src}").format(src=region_name(spec, cmd.get("from")))
    return ""


# -- what a pending decision is about ----------------------------------------------------------

MOVE_MODES = {
    "fast": N_("fast move"),
    "strategic": N_("strategic move"),
    "mordor": N_("Orc move"),
    "token": N_("action token move"),
}
REGION_PURPOSES = {
    "recruit": N_("where to recruit {unit}"),
    "token": N_("where to put a recruitment token"),
    "destroy_tokens": N_("where to destroy recruitment tokens"),
    "damage": N_("which army takes {amount} damage"),
    "heal": N_("which army loses {amount} damage"),
    "enter": N_("where {char} enters play"),
}


def pending_detail(spec, p: dict | None) -> str:
    """A second line for the decision: the drawn tile, what is left, what a choice is for."""
    if not p:
        return ""
    k = p["kind"]
    try:
        if k == "fate_decide":
            t = spec.fate_tiles.get(p.get("tile"))
            if t is None:
                return ""
            s = _("The tile drawn shows {v}.").format(v=t.value)
            if t.icon:
                s += " " + _("It carries the {icon} icon.").format(icon=icon_name(t.icon))
            return s
        if k == "discard":
            return ngettext("Discard {n} card.", "Discard {n} cards.", p.get("n", 1)).format(n=p.get("n", 1))
        if k == "move":
            mode = _(MOVE_MODES.get(p.get("mode"), str(p.get("mode"))))
            left = p.get("left", 1)
            return ngettext("{mode}: {n} army may still move.", "{mode}: {n} armies may still move.", left).format(
                mode=cap(mode), n=left
            )
        if k in ("recruit", "rally", "mordor_recruit"):
            left = p.get("left", 1)
            return ngettext("{n} more may be done.", "{n} more may be done.", left).format(n=left)
        if k == "remove_excess":
            return ngettext("Remove {n} unit from {region}.", "Remove {n} units from {region}.", p.get("n", 1)).format(
                n=p.get("n", 1), region=region_name(spec, p.get("region"))
            )
        if k == "choose_unit":
            return _("The unit is recruited in {region}.").format(region=region_name(spec, p.get("region")))
        if k == "choose_region":
            what = REGION_PURPOSES.get(p.get("purpose"))
            if what:
                return cap(
                    _("Choose {what}.").format(
                        what=_(what).format(
                            unit=_("a unit of any type")
                            if p.get("unit") in (None, "any")
                            else unit_name(spec, p["unit"]),
                            amount=p.get("amount", 1),
                            char=char_name(spec, p.get("char")),
                        )
                    )
                )
            return ""
        if k == "casualties":
            s = _("The army in {region} has damage to take as casualties.").format(
                region=region_name(spec, p.get("region"))
            )
            if not p.get("mandatory"):
                s += " " + _("Each casualty removes two damage markers; you may stop.")
            return s
        if k == "reroll":
            return ngettext(
                "Up to {n} die may be rolled again.", "Up to {n} dice may be rolled again.", p.get("max", 0)
            ).format(n=p.get("max", 0))
    except (KeyError, TypeError, AttributeError):
        return ""
    return ""


# -- the computer's player (botwotr/ui/computer.py) ---------------------------------------------

LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level) -> str:
    return _(LEVEL_NAMES.get(level, humanize(level)))


def computer_name(level) -> str:
    """The computer as a player's name ("Computer (hard)"), kept in the game's start options."""
    return _("Computer ({level})").format(level=level_name(level))


def thinking_text(side) -> str:
    if side == "fp":
        return _("The Free Peoples are thinking…")
    return _("The Shadow is thinking…")


def hint_log_sentence(side) -> str:
    """The log's line for a hint taken (it says nothing of the hint: that is the seat's alone)."""
    if side == "fp":
        return _("The Free Peoples asked the computer for a hint.")
    return _("The Shadow asked the computer for a hint.")


def table_sentence(cmd: dict, spec, state: dict | None = None) -> str:
    """What the computer's side does, told to the players at a physical table (the companion
    mode): "The Shadow moves 3 Uruk-hai from Isen Vale to East Fords." A secret choice is not
    named (it is revealed when both sides have chosen)."""
    side, c = cmd.get("side"), cmd.get("cmd")
    try:
        if c in ("tactic", "combat_card"):
            if side == "fp":
                return _("The Free Peoples have made their secret choice; it is revealed when yours is entered.")
            return _("The Shadow has made its secret choice; it is revealed when yours is entered.")
        if c == "draw_cards":
            if side == "fp":
                return _("The Free Peoples draw their cards: the program keeps their hand, unseen.")
            return _("The Shadow draws its cards: the program keeps its hand, unseen.")
        if c == "move_army":
            args = {
                "who": _move_bits(cmd, spec, state),
                "src": region_name(spec, cmd["from"]),
                "path": path_text(spec, cmd["path"]),
            }
            if side == "fp":
                return _("The Free Peoples move {who} from {src} to {path}.").format(**args)
            return _("The Shadow moves {who} from {src} to {path}.").format(**args)
        if c == "attack" and not cmd.get("armies"):
            args = {
                "who": _move_bits(cmd, spec, state),
                "src": region_name(spec, cmd["from"]),
                "target": region_name(spec, cmd["target"]),
            }
            if side == "fp":
                return _("The Free Peoples attack {target} from {src} with {who}.").format(**args)
            return _("The Shadow attacks {target} from {src} with {who}.").format(**args)
    except (KeyError, TypeError, AttributeError, IndexError):
        pass
    what = command_sentence(cmd, spec, state)
    if what.startswith(side_title(side) + ":"):  # ("Shadow: roll the dice")
        return what + "."
    return _("{side}: {what}.").format(side=side_title(side), what=what)


# Decision.reason codes of botwotr.ai (docs/ai.md, "The reason") -> one line, for `tries` rollouts
# (the plural forms follow it); params are formatted in (regions by name, numbers as `_number`)
REASON_TEXTS: dict[str, Any] = {
    "only": lambda n: _("The only move there is."),
    "score": lambda n: _("The move that scores best at a glance."),
    "hunch": lambda n: _("A hunch."),
    "search": lambda n: _("The best outcome over {rollouts} simulated games from here."),
    "search_confirms": lambda n: _("The move that looked best, confirmed by {rollouts} simulated games from here."),
    "win": lambda n: ngettext(
        "Wins the game in {wins} of {tries} try; the next best move wins in {other}.",
        "Wins the game in {wins} of {tries} tries; the next best move wins in {other}.",
        n,
    ),
    "no_loss": lambda n: ngettext(
        "Loses the game in only {losses} of {tries} try; the next best move loses in {other}.",
        "Loses the game in only {losses} of {tries} tries; the next best move loses in {other}.",
        n,
    ),
    "battle": lambda n: ngettext(
        "Wins the battle for {region} in {won} of {tries} try.",
        "Wins the battle for {region} in {won} of {tries} tries.",
        n,
    ),
    "vp_take": lambda n: ngettext(
        "Takes {region} in {k} of {tries} try (the next best move: {other}): the Shadow's victory points rise.",
        "Takes {region} in {k} of {tries} tries (the next best move: {other}): the Shadow's victory points rise.",
        n,
    ),
    "vp_keep": lambda n: ngettext(
        "Keeps {region} in {k} of {tries} try (the next best move: {other}), and the victory points it gives the Shadow.",
        "Keeps {region} in {k} of {tries} tries (the next best move: {other}), and the victory points it gives the Shadow.",
        n,
    ),
    "vp_hold": lambda n: ngettext(
        "Holds {region} against the Shadow in {k} of {tries} try (the next best move: {other}): no victory points for it there.",
        "Holds {region} against the Shadow in {k} of {tries} tries (the next best move: {other}): no victory points for it there.",
        n,
    ),
    "vp_retake": lambda n: ngettext(
        "Retakes {region} from the Shadow in {k} of {tries} try (the next best move: {other}): its victory points fall.",
        "Retakes {region} from the Shadow in {k} of {tries} tries (the next best move: {other}): its victory points fall.",
        n,
    ),
    "vp_more": lambda n: _("Raises the Shadow's victory points: {a} on average, against {b} after the next best move."),
    "vp_less": lambda n: _(
        "Keeps the Shadow's victory points down: {a} on average, against {b} after the next best move."
    ),
    "fate_on": lambda n: _("Moves the fate marker on: to space {a} on average, against {b} after the next best move."),
    "fate_back": lambda n: _(
        "Holds the fate marker back: at space {a} on average, against {b} after the next best move."
    ),
    "captains_down": lambda n: _(
        "Hunts the captains: {a} eliminated on average, against {b} after the next best move."
    ),
    "captains_safe": lambda n: _(
        "Keeps your captains alive: {a} eliminated on average, against {b} after the next best move."
    ),
    "units_kept": lambda n: _(
        "Keeps your armies whole: {a} of your units on the board on average, against {b} after the next best move."
    ),
    "units_killed": lambda n: _(
        "Hits the enemy harder: {a} of its units left on average, against {b} after the next best move."
    ),
    "army": lambda n: ngettext(
        "Leaves your armies stronger than the next best move does in {k} of {tries} try.",
        "Leaves your armies stronger than the next best move does in {k} of {tries} tries.",
        n,
    ),
    "city_near": lambda n: _(
        "Brings your armies nearer {city}: {a} regions away on average, against {b} after the next best move."
    ),
    "city_far": lambda n: _(
        "Keeps the Shadow's armies away from {city}: {a} regions away on average, against {b} after the next best move."
    ),
    "walls_down": lambda n: _(
        "Breaks down the walls of {city}: {a} standing on average, against {b} after the next best move."
    ),
    "walls_up": lambda n: _(
        "Keeps the walls of {city} standing: {a} on average, against {b} after the next best move."
    ),
    "dice": lambda n: _(
        "Keeps the tempo: your action dice to spare less the enemy's, {a} on average, against {b} after the "
        "next best move."
    ),
    "close": lambda n: ngettext(
        "Little to choose: it does better than the next best move in {better} of {tries} try.",
        "Little to choose: it does better than the next best move in {better} of {tries} tries.",
        n,
    ),
    "same": lambda n: _("Little to choose: the next best move did as well in every try."),
}
REASON_PLACES = ("region", "city")  # params that are region ids


def _number(x) -> str:
    """A reason's number: an integer as it is, else one decimal with the language's separator."""
    if isinstance(x, float) and x != int(x):
        return f"{x:.1f}".replace(".", pgettext("decimal separator", "."))
    return str(int(x)) if isinstance(x, float) else str(x)


def reason_text(reason, spec=None) -> str:
    """The one-line reason of a hint (`Decision.reason`); a code without words gets a general line."""
    try:
        code, params = reason.get("code"), dict(reason.get("params") or {})
        template = REASON_TEXTS.get(code)
        if template is not None:
            for k, v in params.items():
                if k in REASON_PLACES:
                    params[k] = region_name(spec, v) if spec is not None else str(v)
                elif isinstance(v, (int, float)) and not isinstance(v, bool):
                    params[k] = _number(v)
            return template(int(reason["params"].get("tries", 1) or 1)).format(**params)
    except (AttributeError, KeyError, IndexError, ValueError, TypeError):
        pass
    return _("The hard computer rates this best of what you may do now.")
