"""Computer players.  An agent sees only its seat (``view`` + ``determinize``), never the true state."""

from hanpan.agents.base import Agent, Seat, play_out
from hanpan.agents.registry import agent_names, make_agent

__all__ = ["Agent", "Seat", "agent_names", "make_agent", "play_out"]
