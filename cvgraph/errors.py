"""The project's own error types: every per-file failure is one of these, with a reason."""


class CVGraphError(Exception):
    """Base class for errors cvgraph reports to users (never a traceback)."""


class DocumentError(CVGraphError):
    """A source document could not be read or understood; names the file and the problem."""

    def __init__(self, name: str, reason: str):
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


class StoreError(CVGraphError):
    """The store is missing, locked or unusable."""


class ConfigError(CVGraphError):
    """A setting (the base IRI, an option) is unusable; says which and why."""
