"""The workbench's page at the default cap (2,000 resolutions), in Chromium: bytes, elements, height
and time to render, paginated (the page as served) against every board at once (the page before
pagination), measured side by side in one run.

    python bench/web.py          # prints the table and a SUMMARY line

The situation is the worst case of the page: four アビスベル＝ジャシン帝 destroyed at once and eight
hand cards, each a different card (so nothing is interchangeable and the page cannot switch to
grouped counting): the solve stops at the cap with 2,000 resolutions listed, up to as many boards.
"""

from __future__ import annotations

import base64
import json
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

import dmrules  # noqa: E402

TARGET_KB = 300
TARGET_RENDER = 1.0  # seconds
# The headless shell that the browser tests drive (tests/browser.py, installed by .ci/run), or the
# full browser where only that is installed.
CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium-headless-shell"


def worst_case() -> dict:
    hand = [
        {"id": f"h{i}", "card": {"name": f"手札のカード{i}", "type": "creature", "power": 1000, "cost": 1}}
        for i in range(1, 9)
    ]
    return {
        "turn": "opponent",
        "players": {
            "me": {"battle": [{"id": f"J{i}", "card": "アビスベル＝ジャシン帝"} for i in range(1, 5)], "hand": hand},
            "opponent": {},
        },
        "effect": {"controller": "opponent", "events": [{"id": f"e{i}", "destroy": f"J{i}"} for i in range(1, 5)]},
    }


@contextmanager
def serving():
    import socket

    import uvicorn

    from dmrules.presenting.web.routes import RequestLimits, create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(RequestLimits()), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


# Put HTML into the result panel, lay it out and paint it: the milliseconds it took, and what the
# page then holds.
MEASURE = """async html => {
  const result = document.getElementById("result");
  result.replaceChildren();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const start = performance.now();
  result.innerHTML = html;
  void document.body.offsetHeight;
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const ms = performance.now() - start;
  return {ms, bytes: new TextEncoder().encode(document.documentElement.outerHTML).length,
          elements: document.getElementsByTagName("*").length, height: document.documentElement.scrollHeight};
}"""


def measure() -> list[dict]:
    """The page as served (a page of boards) and every board at once, each rendered in Chromium."""
    from playwright.sync_api import sync_playwright

    from dmrules.presenting.report import render_parts

    doc = worst_case()
    scenario = dmrules.scenario_from_text(yaml.safe_dump(doc, allow_unicode=True), "bench.yaml")
    start = time.monotonic()
    solution = dmrules.solve(scenario, max_resolutions=2000, timeout=20)
    solve_seconds = time.monotonic() - start
    head, title, boards = render_parts(scenario, solution, lang="ja", narrative="ja", interactive=True, fold=False)
    everything = head + '<section class="states">' + title + "".join(boards) + "</section>"
    rows = []
    with serving() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        link = base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")
        start = time.monotonic()
        page.goto(url + "/#s=" + link)
        page.wait_for_selector("#result .totals", timeout=120_000)
        opened = time.monotonic() - start
        served = page.evaluate("() => document.getElementById('result').innerHTML")
        listed = page.get_attribute("#result .totals", "data-resolutions")
        rows.append({"page": "as served (paginated)", "opened s": opened, **page.evaluate(MEASURE, served)})
        rows.append({"page": "every board at once (before)", **page.evaluate(MEASURE, everything)})
        browser.close()
    for row in rows:
        row.update(resolutions=listed, boards=len(boards), solve_s=solve_seconds)
    return rows


def main() -> None:
    rows = measure()
    header = ["page", "resolutions", "boards", "KB", "elements", "height px", "render s", "opened s"]
    table = [
        [
            r["page"],
            r["resolutions"],
            r["boards"],
            f"{r['bytes'] / 1000:,.0f}",
            f"{r['elements']:,}",
            f"{r['height']:,}",
            f"{r['ms'] / 1000:.2f}",
            f"{r['opened s']:.2f}" if "opened s" in r else "-",
        ]
        for r in rows
    ]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *table)]
    print(
        f"(w) the workbench's page at the default cap, in Chromium (solve outside the page: {rows[0]['solve_s']:.2f} s)"
    )
    for line in [header, *table]:
        print("  " + "  ".join(str(x).rjust(w) for x, w in zip(line, widths)))
    served = rows[0]
    ok = served["bytes"] / 1000 < TARGET_KB and served["ms"] / 1000 < TARGET_RENDER
    print(
        f"SUMMARY: web page at the cap {served['bytes'] / 1000:,.0f} KB (target <{TARGET_KB}), "
        f"render {served['ms'] / 1000:.2f} s (target <{TARGET_RENDER:g}), {served['elements']:,} elements; "
        f"every board at once {rows[1]['bytes'] / 1000:,.0f} KB, {rows[1]['ms'] / 1000:.2f} s: "
        + ("met" if ok else "MISSED")
    )


if __name__ == "__main__":
    main()
