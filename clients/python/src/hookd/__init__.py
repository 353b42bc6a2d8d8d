"""hookd: a Python client for the hookd sidecar (lifecycle hooks for AI coding agents, JSON-RPC 2.0 over stdio).

    with hookd.spawn(workspace=".", dialect="claude") as h:          # synchronous
        result = h.pre_tool_use("Bash", {"command": "rm -rf build"})

    async with hookd.aspawn(workspace=".", dialect="claude") as h:   # asyncio
        result = await h.pre_tool_use("Bash", {"command": "rm -rf build"})

The client only speaks the protocol (protocol/README.md): it has no hook logic of its own.
"""

from ._common import DEFAULT, DEFAULT_MAX_MESSAGE_BYTES, resolve_command
from .aio import AsyncClient, aspawn
from .client import Client, PendingRequest, spawn
from .errors import (
    Cancelled,
    ConnectionClosed,
    ErrorCodes,
    HookdError,
    InternalError,
    InvalidParams,
    InvalidRequest,
    MethodNotFound,
    NotInitialized,
    NotTheSidecar,
    ParseError,
    PersistenceFailed,
    RequestTimeout,
    SidecarNotFound,
    TaskCancelled,
    find_cancelled,
)
from ._discovery import PLAIN_BIN, SERVER_NAME, SIDECAR_BIN, Sidecar, find_sidecar
from .types import *  # noqa: F403
from .types import __all__ as _types_all

__version__ = "0.1.0"

__all__ = [
    "spawn",
    "aspawn",
    "Client",
    "AsyncClient",
    "PendingRequest",
    "DEFAULT",
    "DEFAULT_MAX_MESSAGE_BYTES",
    "resolve_command",
    "find_sidecar",
    "Sidecar",
    "SIDECAR_BIN",
    "PLAIN_BIN",
    "SERVER_NAME",
    "SidecarNotFound",
    "NotTheSidecar",
    "HookdError",
    "Cancelled",
    "TaskCancelled",
    "RequestTimeout",
    "ConnectionClosed",
    "find_cancelled",
    "ErrorCodes",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "NotInitialized",
    "PersistenceFailed",
    *_types_all,
]
