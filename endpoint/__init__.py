"""The serve stage: SPARQL 1.1 endpoint, Graph Store Protocol (read) and linked data.

``endpoint.app.create_app(store_dir, settings)`` builds the FastAPI application. This
package's ``__init__`` stays import-light on purpose: query worker processes import
``endpoint.worker`` and must not pay for FastAPI.
"""

__all__ = ["create_app"]


def __getattr__(name):
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
