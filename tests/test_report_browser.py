"""The HTML report in a real browser: headless Chromium lays it out at phone and desktop widths.

A copy of the report gets a script that measures every state board and every card after layout
and reports what overlaps or sticks out, in an attribute of the page's body. The page is opened
from a file in a browser tab of the exact width (the module's Chromium: tests/browser.py), as
a user opens a saved report. CI installs Chromium (.ci/run); elsewhere the tests are skipped when
it is missing, and fail under CI.
"""

import json
import re
from pathlib import Path

import pytest

import dmrules
from dmrules.presenting.report import group_states, render_html

from .conftest import FIXTURES

PHONE, DESKTOP = 375, 1280

CHECK = """<script>
addEventListener("load", () => {
  const doc = document.documentElement, width = doc.clientWidth;
  const height = Math.ceil(document.body.getBoundingClientRect().bottom + scrollY);  // of the content
  const box = el => { const b = el.getBoundingClientRect();
    return {x: b.left + scrollX, y: b.top + scrollY, r: b.right + scrollX, b: b.bottom + scrollY}; };
  const overlap = (a, b) => a.x < b.r - 0.5 && b.x < a.r - 0.5 && a.y < b.b - 0.5 && b.y < a.b - 0.5;
  const inside = (a, b) => a.x >= b.x - 0.5 && a.r <= b.r + 0.5 && a.y >= b.y - 0.5 && a.b <= b.b + 0.5;
  const page = {x: 0, y: 0, r: width, b: doc.scrollHeight};
  const problems = [];
  const where = el => { const s = el.closest(".state"); return s ? "state " + s.dataset.state : "situation"; };
  const names = {
    state: el => "state " + el.dataset.state,
    board: el => "board of " + where(el),
    card: el => "card " + el.dataset.card + " of " + where(el),
  };
  const counts = {};
  for (const [kind, name] of Object.entries(names)) {
    const els = [...document.querySelectorAll("." + kind)], boxes = els.map(box);
    counts[kind] = els.length;
    boxes.forEach((a, i) => {
      if (!(a.r - a.x > 0 && a.b - a.y > 0)) problems.push(name(els[i]) + " has no size");
      else if (!inside(a, page)) problems.push(name(els[i]) + " is outside the page");
      const style = getComputedStyle(els[i]);
      if (style.visibility !== "visible" || style.opacity === "0") problems.push(name(els[i]) + " is hidden");
      const zone = kind === "card" && els[i].closest(".zone");
      if (zone && !inside(a, box(zone))) problems.push(name(els[i]) + " sticks out of its zone");
    });
    const order = boxes.map((_, i) => i).sort((i, j) => boxes[i].y - boxes[j].y);
    for (let k = 0; k < order.length; k++)
      for (let m = k + 1; m < order.length && boxes[order[m]].y < boxes[order[k]].b; m++)
        if (overlap(boxes[order[k]], boxes[order[m]]))
          problems.push(name(els[order[k]]) + " overlaps " + name(els[order[m]]));
  }
  if (doc.scrollWidth > width) problems.push("the page scrolls sideways: " + doc.scrollWidth + " > " + width);
  const result = JSON.stringify({width, height, counts, problems: problems.slice(0, 40),
                                 problem_count: problems.length});
  document.body.setAttribute("data-layout-check", result);
});
</script>"""


@pytest.fixture(scope="module")
def tab(browser):
    """The module's one tab: each report is opened in it from its own file, as a user opens saved
    reports one after the other (a new tab would start a renderer process each time)."""
    tab = browser.new_page()
    yield tab
    tab.close()


def opened(tab, tmp_path: Path, page: str, width: int, height: int = 2000):
    """The page with the layout check, opened from a new file in the tab, ``width`` pixels wide,
    once the check has reported."""
    path = tmp_path / f"report-{len(list(tmp_path.glob('report-*.html')))}.html"
    path.write_text(page.replace("</body>", CHECK + "</body>"), encoding="utf-8")
    tab.set_viewport_size({"width": width, "height": height})
    tab.goto(path.as_uri())
    tab.wait_for_selector("body[data-layout-check]", state="attached", timeout=20_000)
    return tab


def layout(tab, tmp_path: Path, page: str, width: int) -> dict:
    """The layout check's result for the page at ``width`` pixels."""
    return json.loads(opened(tab, tmp_path, page, width).get_attribute("body", "data-layout-check"))


def report(name: str, **kwargs) -> tuple[dmrules.Scenario, dmrules.Solution, str]:
    scenario = dmrules.load_scenario(next(FIXTURES.glob(name + "-*.yaml")))
    solution = dmrules.solve(scenario)
    return scenario, solution, render_html(scenario, solution, **kwargs)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
@pytest.mark.parametrize("name", ["A01", "A03", "A04", "A09", "A13"])
def test_boards_are_visible_and_do_not_overlap(tab, tmp_path, name, width):
    scenario, solution, page = report(
        name,
        explanations={0: ["No replacement is applied (609.9a)."]},
        verdicts=[("expected resolutions", True), ("a failing check", False)],
    )
    result = layout(tab, tmp_path, page, width)
    assert result["width"] == width
    assert result["problems"] == [] and result["problem_count"] == 0
    states = len(group_states(solution, scenario))  # final states up to interchangeable cards
    assert result["counts"] == {"state": states, "board": states + 1, "card": len(scenario.cards) * (states + 1)}


def test_the_check_finds_overlaps(tab, tmp_path):
    _, _, page = report("A01")
    broken = page.replace("</style>", ".card{margin-right:-3rem}.state{margin-top:-12rem}</style>")
    result = layout(tab, tmp_path, broken, PHONE)
    assert result["problem_count"] > 0
    assert any("card" in p and "overlaps card" in p for p in result["problems"])
    assert any(re.match(r"state \d+ overlaps state \d+", p) for p in result["problems"])
    wide = page.replace("</style>", ".card{min-width:30rem}</style>")
    assert any("sideways" in p or "sticks out" in p for p in layout(tab, tmp_path, wide, PHONE)["problems"])


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_screenshot(tab, tmp_path, width):
    _, _, page = report("A01")
    height = layout(tab, tmp_path, page, width)["height"]
    shot = tmp_path / "shot.png"
    opened(tab, tmp_path, page, width, height).screenshot(path=str(shot))  # a window as high as the content
    assert png_size(shot) == (width, height)
    assert shot.stat().st_size > 40_000  # a blank page of this size is a few kilobytes
