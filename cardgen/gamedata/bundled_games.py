"""The registrations of the five games pnpkit bundles, named by pyproject.toml's `pnpkit.games` entry points."""

from __future__ import annotations

from cardgen.gamedata.bundle import card_data_dir
from cardgen.gamedata.registry import Registration

_GAMES = "companion.rules.games"

EMIGRATION = Registration("emigration", card_data_dir() / "emigration", rules=f"{_GAMES}.emigration")
UNFAIR_CHKO = Registration("unfair_chko", card_data_dir() / "unfair_chko", rules=f"{_GAMES}.unfair_chko",
                           bots="companion.bots.unfair_chko:automa",  # Quinn, beside the players in Solo Mode
                           lab="companion.simulate.unfair_table", lab_flow="quinn")
UNSETTLED_IMMIGRATION = Registration(
    "unsettled_immigration", card_data_dir() / "unsettled_immigration", rules=f"{_GAMES}.unsettled_immigration",
    bots="companion.bots.kinds:immigration", lab="companion.simulate.immigration_table", lab_flow="bot")
UNSETTLED_SURVIVAL = Registration("unsettled_survival", card_data_dir() / "unsettled_survival",
                                  rules=f"{_GAMES}.unsettled_survival")
UNYIELDING_UNIVERSE = Registration(
    "unyielding_universe", card_data_dir() / "unyielding_universe", rules=f"{_GAMES}.unyielding_universe",
    bots="companion.bots.kinds:universe", lab="companion.simulate.universe_table", lab_flow="bot")
