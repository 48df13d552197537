"""A click group whose commands' modules are imported when a command runs or its help is shown, not before."""

from __future__ import annotations

import importlib

import click


class LazyGroup(click.Group):
    """`commands` maps each command's name to "module:attribute"; `cardgen build` imports only the build's module."""

    def __init__(self, *args, lazy: dict[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy:
            return super().get_command(ctx, cmd_name)
        module, _, attribute = self.lazy[cmd_name].partition(":")
        command = getattr(importlib.import_module(module), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.lazy[cmd_name]} is not a click command")
        return command
