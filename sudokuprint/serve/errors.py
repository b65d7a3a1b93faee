"""The one error of a request the server refuses: its HTTP status, a word for the kind, a sentence for a person."""

from __future__ import annotations


class RequestError(Exception):
    """A request refused with ``status``; the JSON answer is ``{"error": error, "message": str(self)}``."""

    def __init__(self, status: int, error: str, message: str, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.error = error
        self.headers = headers
        super().__init__(message)
