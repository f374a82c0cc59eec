"""The workbench's routes, over HTTP: answers, limits, errors at their place, safety."""

import urllib.request

import pytest
import yaml

from dmrules.presenting.web.routes import Limits

from .conftest import FIXTURES
from .webserver import call, running

A01 = yaml.safe_load((FIXTURES / "A01-two-jashintei.yaml").read_text(encoding="utf-8"))
A04 = yaml.safe_load((FIXTURES / "A04-forkfock-jabrad-both.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def url():
    with running(Limits(timeout=20, max_resolutions=100, max_body=50_000)) as base:
        yield base


def test_solve_gives_the_command_lines_counts(url):
    status, doc, _ = call(url + "/api/solve", {"scenario": A01})
    assert status == 200
    assert (doc["resolutions"], doc["states"], doc["complete"], doc["grouped"]) == (3, 3, True, False)
    assert doc["html"].count('class="state"') == 3
    assert 'data-resolution="2"' in doc["html"]  # each resolution can be asked why


def test_a_count_cut_short_switches_to_grouped_counting(url):
    # A04 has 211 resolutions; this server lists at most 100, then counts up to interchangeable cards.
    status, doc, _ = call(url + "/api/solve", {"scenario": A04})
    assert status == 200
    assert doc["switched"] and doc["grouped"] and doc["complete"]
    assert (doc["resolutions"], doc["listed"]) == (211, 4)
    assert "switched to grouped counting" in doc["html"]
    # A request may ask for less than the server allows, never more.
    status, doc, _ = call(url + "/api/solve", {"scenario": A04, "max_resolutions": 10**9})
    assert doc["switched"]
    status, doc, _ = call(url + "/api/solve", {"scenario": A01, "timeout": "soon"})
    assert status == 400 and doc["error"]["place"] == "timeout"


def test_bad_scenario_gets_the_command_lines_error_with_its_place(url):
    bad = yaml.safe_load(yaml.safe_dump(A01))
    bad["players"]["me"]["battle"][0]["card"] = "アビスベル"
    status, doc, _ = call(url + "/api/solve", {"scenario": bad})
    assert status == 400
    error = doc["error"]
    assert error["place"] == "players.me.battle[0].card"
    assert "unknown card 'アビスベル'; did you mean 'アビスベル＝ジャシン帝'?" in error["problem"]
    assert error["message"].startswith("scenario.yaml:") and "Traceback" not in str(doc)


def test_why_and_why_not(url):
    status, doc, _ = call(url + "/api/why", {"scenario": A01, "resolution": 2})
    assert status == 200 and "applies J1; affected cards: h1, h2" in doc["text"]
    status, doc, _ = call(url + "/api/why", {"scenario": A01, "resolution": 4})
    assert status == 400 and "there are 3 resolutions" in doc["error"]["problem"]
    status, doc, _ = call(url + "/api/why-not", {"scenario": A01, "expect": "J1=battle,J2=battle"})
    assert status == 200 and not doc["legal"] and "609.9b" in doc["text"]
    status, doc, _ = call(url + "/api/why-not", {"scenario": A01, "expect": "J9=battle"})
    assert status == 400 and doc["error"]["place"] == "--expect J9=battle"


def test_cards_fixtures_and_yaml(url):
    status, doc, _ = call(url + "/api/cards?q=" + urllib.request.quote("《アビスベル＝ジャシン帝》"))
    assert [c["name"] for c in doc["cards"]] == ["アビスベル＝ジャシン帝"]
    status, doc, _ = call(url + "/api/fixture?name=B03-baiken-setsudan.yaml")
    assert status == 200 and doc["scenario"]["source"]["ruling"] == "B03"
    for name in ("../pyproject.toml", "/etc/passwd", "B03-baiken-setsudan"):
        status, doc, _ = call(url + "/api/fixture?name=" + urllib.request.quote(name))
        assert status == 404
    status, doc, _ = call(url + "/api/yaml", {"scenario": A01})
    assert yaml.safe_load(doc["yaml"]) == A01
    status, doc, _ = call(url + "/api/parse", {"yaml": "turn: me\nplayers: {me: {}}\n"})
    assert status == 400 and doc["error"]["message"] == "scenario.yaml:1: missing field 'effect'"


def test_every_request_is_bounded_and_the_page_is_locked_down(url):
    status, doc, _ = call(url + "/api/solve", b"{" + b" " * 60_000 + b"}")
    assert status == 413
    status, doc, _ = call(url + "/api/solve", b"not json")
    assert status == 400
    status, doc, _ = call(url + "/api/solve", b'{"scenario": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    assert status == 400 and "error" in doc
    status, doc, _ = call(url + "/", headers={"host": "attacker.example"})
    assert status == 400  # a page of another site reaching this server under a rebound name
    with urllib.request.urlopen(url + "/") as response:
        csp = response.headers["content-security-policy"]
        page = response.read().decode()
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert '<script id="boot" type="application/json">' in page


def test_serve_prints_its_address_and_stops_on_ctrl_c():
    import signal
    import subprocess
    import sys

    from .conftest import ROOT
    from .webserver import free_port

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "dmrules.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        assert line.startswith(f"dmrules workbench: http://127.0.0.1:{port}/")
        status, _, _ = call(f"http://127.0.0.1:{port}/api/cards?q=x")
        assert status == 200
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode in (0, 130) and "Traceback" not in err


def test_serve_refuses_a_bad_address():
    from .conftest import run_cli
    from .webserver import free_port

    done = run_cli("serve", "--port", "99999")
    assert done.returncode == 2 and "'99999' is not a port" in done.stderr
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("serve", "--port", str(port), timeout=60)  # a server that did start would hang here
    assert done.returncode == 2 and f"--port {port}: cannot listen there" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_compile_a_printed_text(url):
    text = "このクリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに置く。"  # 雪溶妖精シャーマン・メリッサ
    status, doc, _ = call(url + "/api/compile", {"text": text, "type": "creature"})
    assert status == 200 and doc["problems"] == [] and len(doc["abilities"]) == 1
    assert doc["abilities"][0]["watch"]["event"] == "destroy"
    status, doc, _ = call(
        url + "/api/compile", {"text": "このクリーチャーが破壊される時、かわりにふしぎなことが起こる。"}
    )
    assert status == 200 and doc["abilities"] == [] and "ふしぎなことが起こる" in doc["problems"][0]
    status, doc, _ = call(url + "/api/compile", {"text": "  "})
    assert status == 400 and doc["error"]["place"] == "text"


def test_a_solve_streams_its_progress_and_can_be_cancelled(url):
    import json as _json

    B03 = yaml.safe_load((FIXTURES / "B03-baiken-setsudan.yaml").read_text(encoding="utf-8"))
    request = urllib.request.Request(
        url + "/api/solve",
        data=_json.dumps({"scenario": B03, "stream": True}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = [_json.loads(line) for line in response.read().decode().splitlines()]
    assert all(set(line) == {"found", "seconds"} for line in lines[:-1])
    assert (lines[-1]["result"]["resolutions"], lines[-1]["result"]["states"]) == (4, 3)
    # A solve whose browser went away stops at the next resolution it finds.
    from dmrules.presenting.web.routes import Cancelled, Progress, solve_and_render

    progress = Progress()
    progress.cancelled = True
    with pytest.raises(Cancelled):
        solve_and_render(dmrules_scenario(B03), 10, 100, "ja", progress)
    progress = Progress()
    assert solve_and_render(dmrules_scenario(B03), 10, 100, "ja", progress)["resolutions"] == progress.found == 4


def dmrules_scenario(doc):
    import dmrules

    return dmrules.scenario_from_text(yaml.safe_dump(doc, allow_unicode=True), "t.yaml")
