"""The Unsettled bot's host: the facts its flowchart reads and the rule events its hooks become.

One host per seat; `world` is an immigration_hand.World (the rules' State and the hands the bots know).
The bot chooses among the game's legal moves (companion.rules.games.unsettled_immigration.legal), as a page
does: a move is possible when it is one of them and the rules' `apply` accepts it (pure, so trying changes
nothing); the bot's choice is the first possible in its order of preference. Every hook then applies its event
for real, so the rules check every bot move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.bots.flowrun import Bot
from companion.bots.memo import MemoFacts
from companion.bots.immigration_hand import Hand, World, add_resource, payment, without_op
from companion.rules.contract import Event, RuleError, Rules
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import KINDS, OpCard
from companion.rules.games.unsettled_immigration.legal import legal
from companion.rules.legal import Move as LegalMove, matching
from companion.rules.games.unsettled_immigration.moves import milestone_due, payoff_due
from companion.rules.games.unsettled_immigration.payment import describe, units

Move = tuple[str, dict[str, Any], str]  # event type, payload, what the table does


class ImmigrationHost(MemoFacts):
    """Facts and hooks of the bot in seat `seat`."""

    def __init__(self, rules: Rules, seat: int):
        self.rules, self.seat = rules, seat
        self.witness: Callable[[str, dict[str, Any], Any, Any], Any] | None = None  # a simulated table's callback (kind, payload, before, after) -> state,
        # told of each event made, which may add the table's own chores (an Op reshuffle) to the state

    _legal: tuple[Any, dict[tuple[str, Any], list[LegalMove]]] | None = None

    def legal(self, world: World, kind: str, card_id: str | None = None) -> list[LegalMove]:
        """The game's legal moves of event `kind` (and card) now, as the rules list them before their own checks;
        kept for this state."""
        if self._legal is None or self._legal[0] is not world.state:
            self._legal = (world.state, {})
        known = self._legal[1]
        if (kind, card_id) not in known:
            known[kind, card_id] = legal(world.state, kind, card_id)
        return known[kind, card_id]

    def accepts(self, world: World, kind: str, payload: dict[str, Any]) -> bool:
        """Whether `kind` with `payload` is one of the legal moves, and the rules accept it."""
        if matching(self.legal(world, kind, payload.get("card")), kind, payload) is None:
            return False
        try:
            self.rules.apply(world.state, Event(0, kind, payload))
        except RuleError:
            return False
        return True

    def card(self, world: World, number: int) -> OpCard:
        cards = world.state.cards
        if not 1 <= number <= len(cards):
            raise RuleError(f"The Op card list numbers its cards 1 to {len(cards)}, not {number}.")
        return cards[number - 1]

    # -- choices ----------------------------------------------------------------------------------
    def _pay(self, world: World, hand: Hand, amount: int) -> dict[str, int] | None:
        paid = payment(hand.resources, amount, world.state.consts.values)
        return None if paid is None else dict(zip(KINDS, paid))

    def buy(self, world: World, level: int) -> Move | None:
        """The Drifter buys the cheapest Milestone it can pay for; the Planner the one with the most VP."""
        me, hand, state = self.seat, world.hand(self.seat), world.state
        options = []
        for card_id in dict.fromkeys(hand.ops):
            c = next(c for c in state.cards if c.id == card_id)
            if c.kind != "milestone":
                continue
            amount = milestone_due(state, me, c)[0]
            pay = self._pay(world, hand, amount)
            if pay is not None:
                options.append(((amount, -c.vp) if level < 2 else (-c.vp, amount), c, pay, amount))
        for _, c, pay, amount in sorted(options, key=lambda o: (o[0], o[1].id)):
            if self.accepts(world, "buy_milestone", {"card": c.id, **pay}):
                return "buy_milestone", {"card": c.id, **pay}, f"Buy {c.name} for the bot: pay {describe(tuple(pay.values()))} ({amount} Time units) and place it on its board."
        return None

    def pay_off(self, world: World) -> Move | None:
        """The Attack covering the bot's most valuable stack (or the Deport first), if the bot can pay it."""
        me, hand, state = self.seat, world.hand(self.seat), world.state
        player = state.players[me]
        targets: list[tuple[int, dict[str, Any], str | None]] = [(100, {"deport": True}, player.deport)] if player.deport else []
        targets += [(board.stack_vp(state, s), {"stack": k}, s.attack) for k, s in enumerate(player.stacks) if s.attack]
        for _, where, attack_id in sorted(targets, key=lambda t: -t[0]):
            attack = next(c for c in state.cards if c.id == attack_id)
            pay = self._pay(world, hand, payoff_due(state, me, attack)[0])
            if pay is not None and self.accepts(world, "pay_off_attack", {**where, **pay}):
                return "pay_off_attack", {**where, **pay}, f"The bot pays {describe(tuple(pay.values()))} to discard {attack.name}."
        return None

    def boost(self, world: World) -> Move | None:
        """A Boost from the bot's hand: extra actions first (when something is left to do), then draws."""
        order: dict[str | None, int] = {"extra_action": 0, "draw_resources": 1, "draw_ops": 2}
        cards = [c for c in world.state.cards if c.id in world.hand(self.seat).ops and c.action in order]
        for c in sorted(cards, key=lambda c: order[c.action]):
            if self.accepts(world, "play_action", {"card": c.id}):
                return "play_action", {"card": c.id}, f"The bot plays {c.name}."
        return None

    def amnesty(self, world: World) -> Move | None:
        me, state = self.seat, world.state
        player = state.players[me]
        if not (player.deport or any(s.attack for s in player.stacks)):
            return None
        for c in state.cards:
            if c.action == "amnesty" and c.id in world.hand(me).ops and self.accepts(world, "play_action", {"card": c.id}):
                return "play_action", {"card": c.id}, f"The bot plays {c.name}: every Attack on its board is discarded."
        return None

    def attack(self, world: World) -> Move | None:
        """An Attack (or attack Action) on the leading opponent's most valuable stack."""
        me, state = self.seat, world.state
        seats = len(state.players)  # among equals, the player who plays soonest after the bot
        rivals = sorted((p for p in range(seats) if p != me), key=lambda p: (-board.vp(state, p), (p - me) % seats))
        held = [c for c in state.cards if c.id in world.hand(me).ops and
                (c.kind == "attack" or c.action in ("discard_resources", "skip_milestones"))]
        for target in rivals:
            stacks = sorted(range(len(state.players[target].stacks)),
                            key=lambda k: -board.stack_vp(state, state.players[target].stacks[k]))
            for c in held:
                kind = "play_attack" if c.kind == "attack" else "play_action"
                for stack in (stacks if c.attack in ("cover", "discard_stack") else [None]):
                    payload = {"card": c.id, "target": target, **({} if stack is None else {"stack": stack})}
                    if self.accepts(world, kind, payload):
                        where = "" if stack is None else \
                            f" ({state.players[target].stacks[stack].type.replace('_', ' ').title()} stack)"
                        return kind, payload, f"The bot plays {c.name} on {state.players[target].name}{where}."
        return None

    # -- facts ------------------------------------------------------------------------------------
    def _facts(self, world: World, bot: Bot) -> dict[str, Any]:
        me, state, hand = self.seat, world.state, world.hand(self.seat)
        player, turn = state.players[me], state.turn
        mine = turn is not None and turn.player == me
        drew_ops = turn.drew_ops if mine and turn else 0
        drew_res = turn.drew_resources if mine and turn else 0
        number = dict(bot.values)["card_no"]
        facts: dict[str, Any] = {
            "over": state.phase == "over", "setting_up": state.phase == "setup", "actions": turn.actions if mine and turn else 0,
            # valid at the start of a turn, before this turn's draws are learnt (the flowchart asks then)
            "ops_lost": max(0, len(hand.ops) + drew_ops - player.ops),
            "res_lost": max(0, sum(hand.resources) + drew_res - player.resources),
            "ops_new": max(0, player.ops - len(hand.ops)), "res_new": max(0, player.resources - sum(hand.resources)),
            "card_name": state.cards[number - 1].name if 1 <= number <= len(state.cards) else "no card",
            "vp": board.vp(state, me), "vp_to_win": state.vp_to_win}
        ready = facts["ops_new"] == 0 and facts["res_new"] == 0
        plans = {"start": self.starting(world) if ready and facts["setting_up"] else None}
        if ready and facts["actions"] > 0:
            plans.update(buy=self.buy(world, bot.level), pay_off=self.pay_off(world), boost=self.boost(world),
                         amnesty=self.amnesty(world), attack=self.attack(world) if bot.level >= 2 else None)
        for name in ("start", "buy", "pay_off", "boost", "amnesty", "attack"):
            plan = plans.get(name)
            facts[f"can_{name}"] = plan is not None
            facts[f"{name}_card"] = self.named(world, plan[1]) if plan else "no card"
            paid = tuple(plan[1].get(k, 0) for k in KINDS) if plan else ()
            facts[f"{name}_pay"] = f"{describe(paid)} ({units(paid, state.consts)} Time units)" if any(paid) else "nothing"
        attack = plans.get("attack")
        target = attack[1].get("target") if attack else None
        facts["attack_target"] = state.players[target].name if target is not None else "nobody"
        stack = attack[1].get("stack") if attack else None
        facts["attack_stack"] = "their board" if stack is None or target is None else \
            f"their {state.players[target].stacks[stack].type.replace('_', ' ').title()} stack"
        return facts

    def named(self, world: World, payload: dict[str, Any]) -> str:
        """The card a move plays or pays off, by name."""
        state = world.state
        if "card" in payload:
            card_id = payload["card"]
        elif payload.get("deport"):
            card_id = state.players[self.seat].deport
        else:
            card_id = state.players[self.seat].stacks[payload["stack"]].attack
        return next(c.name for c in state.cards if c.id == card_id)

    # -- hooks ------------------------------------------------------------------------------------
    def hook(self, name: str, world: World, bot: Bot) -> tuple[World, Bot, str]:
        me, hand = self.seat, world.hand(self.seat)
        kind, _, rest = name.partition("_")
        if kind in ("gain", "lose") and rest in KINDS:
            try:
                return world.with_hand(me, add_resource(hand, rest, 1 if kind == "gain" else -1)), bot, rest
            except ValueError:
                raise RuleError(f"The app knows of no {rest.title()} card in the bot's hand to lose.") from None
        if name in ("gain_op", "lose_op"):
            card = self.card(world, dict(bot.values)["card_no"])
            if name == "lose_op" and card.id not in hand.ops:
                raise RuleError(f"The app knows of no {card.name} in the bot's hand.")
            ops = hand.ops + (card.id,) if name == "gain_op" else without_op(hand, card.id).ops
            return world.with_hand(me, Hand(ops, hand.resources)), bot, card.name
        move = self.move(name, world, bot)
        if move is None:
            raise RuleError(f"The bot cannot {name.replace('_', ' ')} now.")
        kind, payload, told = move
        if name == "attack" and dict(bot.values)["defended"]:
            lawyer = next(c for c in world.state.cards if c.defense == "block")
            payload = {**payload, "defense": lawyer.id}
            told += f" {world.state.players[payload['target']].name}'s {lawyer.name} stops it."
        state = self.rules.apply(world.state, Event(0, kind, payload))
        if self.witness is not None:
            state = self.witness(kind, payload, world.state, state)
        after = self.after(world.with_state(state), kind, payload)
        return after, bot, told

    def move(self, name: str, world: World, bot: Bot) -> Move | None:
        """The event behind a decision hook, or None when the bot has no such move."""
        if name == "place_start":
            return self.starting(world)
        if name == "end_turn":
            return "end_turn", {}, "The bot ends its turn."
        if name == "buy":
            return self.buy(world, bot.level)
        return {"pay_off": self.pay_off, "boost": self.boost, "amnesty": self.amnesty,
                "attack": self.attack}[name](world)

    def starting(self, world: World) -> Move | None:
        """The cheapest Milestone of the starting hand that may start on the board (none with a Document)."""
        state, me = world.state, self.seat
        milestones = sorted((milestone_due(state, me, c)[0], c.id) for c in state.cards
                            if c.id in world.hand(me).ops and c.kind == "milestone")
        for _, card_id in milestones:
            if self.accepts(world, "place_starting_milestone", {"player": me, "card": card_id}):
                name = next(c.name for c in state.cards if c.id == card_id)
                return ("place_starting_milestone", {"player": me, "card": card_id},
                        f"Place {name} from the bot's hand on its board, for free.")
        return None

    def after(self, world: World, kind: str, payload: dict[str, Any]) -> World:
        """The bot's knowledge once its own move is made: the card played and the Resources paid leave its hand."""
        me, hand = self.seat, world.hand(self.seat)
        if "card" in payload:
            hand = without_op(hand, payload["card"])
        for resource in KINDS:
            if payload.get(resource):
                hand = add_resource(hand, resource, -payload[resource])
        return world.with_hand(me, hand)
