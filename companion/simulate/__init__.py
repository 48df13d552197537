"""The simulation lab: whole games between bots through the rules modules, summed up as a report and a chart.

`models` names each game's table model (a seeded model of the physical table: shuffled decks, drawn
cards, the answers to the bots' questions); `lab` plays the games; `report` and `chart` write them out.
"""
