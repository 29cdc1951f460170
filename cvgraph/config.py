"""Settings shared by every stage: base IRI, store location, graph names.

The base IRI defaults to the local endpoint so that every minted IRI dereferences
under `make run`; set CVGRAPH_BASE (or --base) to publish under your own domain.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BASE = "http://127.0.0.1:8000/"
DEFAULT_STORE = Path(".cvgraph/store")
DEFAULT_INPUT = Path("data/cvs")
PROJECT_ROOT = Path(__file__).resolve().parent.parent
ONTOLOGY_DIR = PROJECT_ROOT / "ontology"
SHAPES_DIR = PROJECT_ROOT / "shapes"


def normalise_base(base: str) -> str:
    return base if base.endswith(("/", "#")) else base + "/"


def _check_base(base: str) -> None:
    """Every minted IRI starts with the base, so an invalid base would make every document
    unloadable: refuse it up front, with the reason Oxigraph's IRI parser gives."""
    from pyoxigraph import NamedNode

    from cvgraph.errors import ConfigError

    try:
        NamedNode(base)
    except ValueError as exc:
        raise ConfigError(f"base IRI {base!r} is not an absolute IRI ({exc})") from None


@dataclass(frozen=True)
class Settings:
    base: str = DEFAULT_BASE

    def __post_init__(self):
        object.__setattr__(self, "base", normalise_base(self.base))
        _check_base(self.base)

    @classmethod
    def from_env(cls, base: str | None = None) -> "Settings":
        return cls(base=base or os.environ.get("CVGRAPH_BASE", DEFAULT_BASE))

    # Named graphs that are not documents.
    @property
    def meta_graph(self) -> str:
        return self.base + "graph/meta"

    @property
    def links_graph(self) -> str:
        return self.base + "graph/links"

    @property
    def validation_graph(self) -> str:
        return self.base + "graph/validation"

    @property
    def ontology_graph(self) -> str:
        return self.base + "graph/ontology"
