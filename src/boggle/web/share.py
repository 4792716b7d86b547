"""Sharing a page with the people in the room: the addresses other devices can open
(``boggle serve --lan``) and a QR code of a link to this server.

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import WebConfig, create_app
>>> config = WebConfig(preload=False, share_urls=("http://192.168.1.20:8000/",))
>>> client = TestClient(create_app(config))
>>> client.get("/api/share").json()
{'urls': ['http://192.168.1.20:8000/']}
>>> client.get("/api/share/qr.svg", params={"url": "http://192.168.1.20:8000/room/ABC234"}).headers["content-type"]
'image/svg+xml'
>>> client.get("/api/share/qr.svg", params={"url": "http://elsewhere.example/"}).status_code
400
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from boggle.web.context import ApiError, JsonRoute, WebContext, web_context
from boggle.web.lan import qr_svg
from boggle.web.models import ERRORS

router = APIRouter(prefix="/api/share", tags=["rooms"], route_class=JsonRoute)
Context = Annotated[WebContext, Depends(web_context)]


class ShareResponse(BaseModel):
    urls: list[str]
    """Addresses of this server other devices can open (empty: the one the page uses)."""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


@router.get("", response_model=ShareResponse)
async def share(context: Context) -> ShareResponse:
    """The addresses of this server to give other devices (``boggle serve --lan``)."""
    return ShareResponse(urls=list(context.config.share_urls))


@router.get(
    "/qr.svg",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}, 404: ERRORS[400], **ERRORS},
)
async def share_qr(
    request: Request, context: Context, url: Annotated[str, Query(max_length=300)]
) -> Response:
    """A QR code (SVG) of ``url``, a link to this server: on one of its shared addresses,
    or on the address the request came to."""
    allowed = {_origin(shared) for shared in context.config.share_urls}
    allowed.add(_origin(str(request.base_url)))
    try:
        origin = _origin(url)
    except ValueError:
        origin = ""
    if origin not in allowed:
        raise ApiError(400, "a QR code is made only of a link to this server")
    try:
        svg = qr_svg(url)
    except ImportError:
        raise ApiError(404, "QR codes need the segno package: pip install 'boggle[web]'") from None
    return Response(svg, media_type="image/svg+xml")
