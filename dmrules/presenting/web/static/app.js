// dmrules workbench: the situation is a scenario document (docs/scenario-format.md) kept here and
// sent with each request. Every text from the user or a card is put in the page as text, never as HTML;
// only the server's report fragment (escaped there) is inserted as HTML.
"use strict";

const BOOT = JSON.parse(document.getElementById("boot").textContent);
const ZONES = ["battle", "hand", "mana", "graveyard", "shields", "deck", "hyperspatial"];
const MARKERS = ["cannot_be_destroyed", "cannot_leave", "untouchable", "cannot_flip", "cannot_be_broken"];
const BY = ["ability", "spell", "attack", "battle", "rule", "cost"];
const TYPES = ["creature", "evolution_creature", "psychic_creature", "dragheart_creature", "dragheart_weapon",
  "dragheart_fortress", "spell", "castle", "tamaseed", "cross_gear", "field", "aura"];
// Event kinds the builder makes: what each names (a card, two cards, a player) and what else it needs.
const KINDS = {
  destroy: "card", return_to_hand: "card", discard: "card", put_into_mana: "card", mill: "card",
  break: "card", move: "card+to", put_into_battle: "card", spell_to_graveyard: "card",
  power_change: "card+amount", battle: "two", swap: "two", draw: "player+count", lose: "player",
};

const L = {
  ja: {
    zones: {battle: "バトルゾーン", hand: "手札", mana: "マナゾーン", graveyard: "墓地", shields: "シールドゾーン",
            deck: "山札", hyperspatial: "超次元ゾーン"},
    kinds: {destroy: "破壊", return_to_hand: "手札に戻す", discard: "捨てる", put_into_mana: "マナゾーンに置く",
            mill: "山札から墓地へ", break: "ブレイク", move: "移動", put_into_battle: "バトルゾーンに出す",
            spell_to_graveyard: "呪文を墓地へ", power_change: "パワー変更", battle: "バトル", swap: "入れ替え",
            draw: "ドロー", lose: "敗北"},
    by: {ability: "能力", spell: "呪文", attack: "攻撃", battle: "バトル", rule: "ルール", cost: "コスト"},
    workbench: "ワークベンチ", fixture: "裁定の例", load: "読み込む", new: "新規", download: "シナリオをダウンロード",
    share: "リンクで共有", situation: "状況", turnPlayer: "ターン・プレイヤー", ruleset: "ルール",
    addCard: "カードを置く", unnamed: "名前のないカード", paste: "印刷されたテキストを貼る", compile: "読み取る",
    placing: "置くカード", player: "プレイヤー", zone: "ゾーン", tapped: "タップ", under: "進化元 (under)",
    equipped: "装備先", fortifies: "要塞化", place: "置く", effect: "効果", controller: "コントローラー",
    source: "発生源", by_: "種類", eventsHint: "同時に起こるイベント:", addEvent: "イベントを加える",
    moreInYaml: "ほかの項目 (後の手順、置換効果、期待) は下のシナリオファイルで編集できます。",
    yaml: "シナリオファイル (YAML)", apply: "適用", answers: "解決", timeout: "制限時間 (秒)",
    maxResolutions: "最大の解決数", found: "見つかった解決", solve: "解く", solving: "解いています…", cancel: "中止",
    whyNot: "なぜできない? (why-not)", whyNotHint: "カードの終わる場所を選んでください:", ask: "聞く",
    searchHint: "カード名で検索", nameHint: "カード名", textHint: "このクリーチャーが破壊される時、かわりに…",
    choose: "選ぶ", remove: "取り除く", none: "なし", any: "どこでも", noSource: "(カードなし)", why: "なぜ?",
    cancelled: "中止しました。", linkCopied: "リンクをアドレスバーに入れました:", compiled: "読み取りました: 置換能力",
    unreadable: "読み取れない部分:", anon: "名前のないカード", noEvents: "イベントはまだありません。",
    whyTitle: "解決 #{n} はなぜ合法か", lost: "敗北する", notLost: "敗北しない", resolutions: "解決", states: "最終状態",
  },
  en: {
    zones: {battle: "Battle zone", hand: "Hand", mana: "Mana zone", graveyard: "Graveyard", shields: "Shield zone",
            deck: "Deck", hyperspatial: "Hyperspatial zone"},
    kinds: {destroy: "destroy", return_to_hand: "return to hand", discard: "discard", put_into_mana: "put into mana",
            mill: "mill", break: "break", move: "move", put_into_battle: "put into the battle zone",
            spell_to_graveyard: "spell to graveyard", power_change: "power change", battle: "battle", swap: "swap",
            draw: "draw", lose: "lose"},
    by: {ability: "ability", spell: "spell", attack: "attack", battle: "battle", rule: "rule", cost: "cost"},
    workbench: "workbench", fixture: "Ruling", load: "Load", new: "New", download: "Download scenario",
    share: "Share link", situation: "Situation", turnPlayer: "Turn player", ruleset: "Ruleset",
    addCard: "Place a card", unnamed: "Unnamed card", paste: "Paste a printed text", compile: "Read it",
    placing: "Card to place", player: "Player", zone: "Zone", tapped: "tapped", under: "under (evolution source)",
    equipped: "equipped to", fortifies: "fortifies", place: "Place", effect: "Effect", controller: "Controller",
    source: "Source", by_: "By", eventsHint: "Events that happen at once:", addEvent: "Add event",
    moreInYaml: "Other fields (later steps, replacement effects, expectations) are edited in the scenario file below.",
    yaml: "Scenario file (YAML)", apply: "Apply", answers: "Resolutions", timeout: "Time limit (s)",
    maxResolutions: "Max resolutions", found: "resolutions found", solve: "Solve", solving: "Solving…", cancel: "Cancel",
    whyNot: "Why not? (why-not)", whyNotHint: "Mark where cards should end:", ask: "Ask",
    searchHint: "Search cards by name", nameHint: "Card name", textHint: "When this creature would be destroyed, instead…",
    choose: "Choose", remove: "Remove", none: "none", any: "anywhere", noSource: "(no card)", why: "why?",
    cancelled: "Cancelled.", linkCopied: "The link is in the address bar:", compiled: "Read: replacement abilities",
    unreadable: "Could not read:", anon: "unnamed card", noEvents: "No events yet.",
    whyTitle: "How resolution #{n} is legal", lost: "loses", notLost: "does not lose", resolutions: "resolutions", states: "final states",
  },
};

let lang = BOOT.lang || "ja";
let state = emptyScenario();
let placing = null;          // {card: name | {inline definition} | null (unnamed)}
let controller = null;       // AbortController of the running solve
const $ = id => document.getElementById(id);
const t = key => L[lang][key] ?? key;

function emptyScenario() {
  return {ruleset: "dm", turn: "me", players: {me: {}, opponent: {}},
          effect: {controller: "opponent", by: "ability", events: []}};
}

// -- DOM helpers: text only ---------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}
function options(select, items, selected) {
  select.replaceChildren(...items.map(([value, label]) => el("option", {value, selected: value === selected}, label)));
}

// -- the scenario document ----------------------------------------------------------
const players = () => Object.keys(state.players || {});
function cardsOf() {  // [{id, player, zone, entry, index}]
  const out = [];
  for (const p of players()) for (const z of ZONES) {
    const list = (state.players[p] || {})[z];
    if (Array.isArray(list)) list.forEach((entry, index) => out.push({id: entryId(entry), player: p, zone: z, entry, index}));
  }
  return out;
}
const entryId = entry => (entry && typeof entry === "object") ? String(entry.id) : String(entry);
function entryName(entry) {
  if (!entry || typeof entry !== "object" || entry.card === undefined) return null;
  return typeof entry.card === "object" ? entry.card.name : entry.card;
}
function freshId(prefix) {
  const used = new Set(cardsOf().map(c => c.id));
  for (let n = 1; ; n++) if (!used.has(prefix + n)) return prefix + n;
}
function freshEvent() {
  const used = new Set(((state.effect || {}).events || []).map(e => e.id));
  for (let n = 1; ; n++) if (!used.has("e" + n)) return "e" + n;
}

// -- rendering ----------------------------------------------------------------------
function render() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = t(node.dataset.l === "by" ? "by_" : node.dataset.l);
  for (const node of document.querySelectorAll("[data-lp]")) node.placeholder = t(node.dataset.lp);
  $("lang-ja").classList.toggle("on", lang === "ja");
  $("lang-en").classList.toggle("on", lang === "en");
  const ps = players();
  options($("turn"), ps.map(p => [p, p]), state.turn);
  $("ruleset").value = state.ruleset || "dm";
  $("title-line").textContent = state.title || "";
  options($("place-player"), ps.map(p => [p, p]), $("place-player").value || ps[0]);
  options($("place-zone"), ZONES.map(z => [z, L[lang].zones[z]]), $("place-zone").value || "battle");
  const cardChoices = [["", "—"], ...cardsOf().map(c => [c.id, label(c)])];
  for (const sel of document.querySelectorAll("select.card-choice")) {
    const keep = sel.id === "effect-source" ? (state.effect || {}).source || "" : sel.value;
    options(sel, sel.id === "effect-source" ? [["", t("noSource")], ...cardChoices.slice(1)] : cardChoices, keep);
  }
  options($("effect-controller"), ps.map(p => [p, p]), (state.effect || {}).controller);
  options($("effect-by"), BY.map(b => [b, L[lang].by[b]]), (state.effect || {}).by || "ability");
  const kind = $("event-kind").value || "destroy";
  options($("event-kind"), Object.keys(KINDS).map(k => [k, L[lang].kinds[k]]), kind);
  options($("paste-type"), TYPES.map(x => [x, x]), $("paste-type").value || "creature");
  if (!$("place-markers").childElementCount)
    $("place-markers").append(...MARKERS.map(m => el("label", {}, el("input", {type: "checkbox", "data-marker": m}), " " + m.replaceAll("_", " "))));
  renderEventAdder();
  renderBoard();
  renderEvents();
  renderWhyNotMarks();
  syncYaml();
}
function label(c) { const name = entryName(c.entry); return name ? `${name} (${c.id})` : c.id; }

function renderBoard() {
  const board = el("div", {class: "board builder-board"});
  for (const p of players()) {
    const box = el("div", {class: "player", "data-player": p},
      el("h4", {}, p, p === state.turn ? el("span", {class: "badge turn"}, t("turnPlayer")) : ""));
    for (const z of ZONES) {
      const here = cardsOf().filter(c => c.player === p && c.zone === z);
      const list = el("ul", {class: "cards"});
      for (const c of here) {
        const e = c.entry, tags = [];
        if (e && typeof e === "object") {
          if (e.tapped) tags.push(t("tapped"));
          for (const [k, word] of [["under", "under"], ["equipped_to", "equipped"], ["fortifies", "fortifies"]])
            if (e[k]) tags.push(`${t(word)} ${e[k]}`);
          for (const m of MARKERS) if (e[m]) tags.push(m.replaceAll("_", " "));
        }
        const name = entryName(e);
        list.append(el("li", {class: "card" + (name ? "" : " anon"), "data-card": c.id,
                              "data-place": `players.${p}.${z}[${c.index}]`},
          el("span", {class: "name", lang: name ? "ja" : null}, name || c.id),
          name ? el("span", {class: "id"}, c.id) : "",
          ...tags.map(x => el("span", {class: "tag"}, x)),
          el("button", {type: "button", class: "remove", title: t("remove"), "aria-label": `${t("remove")} ${c.id}`,
                        onclick: () => removeCard(c)}, "×")));
      }
      if (!here.length && !["battle", "hand"].includes(z)) continue;
      if (!here.length) list.append(el("li", {class: "none"}, t("none")));
      box.append(el("div", {class: "zone", "data-zone": z, "data-place": `players.${p}.${z}`},
        el("h5", {}, L[lang].zones[z]), list));
    }
    board.append(box);
  }
  $("board").replaceChildren(board);
}

function eventText(ev) {
  const kind = Object.keys(KINDS).find(k => k in ev) || ev.kind || Object.keys(ev).find(k => k !== "id") || "?";
  let what = ev[kind] ?? ev.card ?? ev.cards ?? ev.player ?? "";
  const named = id => { const c = cardsOf().find(x => x.id === String(id)); return c ? label(c) : String(id); };
  if (Array.isArray(what)) what = what.map(named).join(", ");
  else if (typeof what === "string") what = named(what);
  else if (what && typeof what === "object") what = JSON.stringify(what);
  const extra = [ev.to ? `→ ${L[lang].zones[ev.to] || ev.to}` : "", ev.count ? `×${ev.count}` : "",
                 ev.amount !== undefined ? `${ev.amount > 0 ? "+" : ""}${ev.amount}` : ""].filter(Boolean).join(" ");
  return `${L[lang].kinds[kind] || kind} ${what} ${extra}`.trim();
}
function renderEvents() {
  const events = (state.effect || {}).events || [];
  const list = $("events");
  list.replaceChildren(...events.map((ev, i) => el("li", {"data-event": ev.id, "data-place": `effect.events[${i}]`},
    el("span", {}, eventText(ev)), " ", el("span", {class: "id"}, `[${ev.id ?? "e" + (i + 1)}]`), " ",
    el("button", {type: "button", class: "remove", title: t("remove"), onclick: () => {
      events.splice(i, 1); changed(); }}, "×"))));
  if (!events.length) list.replaceChildren(el("li", {class: "none"}, t("noEvents")));
}
function renderEventAdder() {
  const kind = $("event-kind").value || "destroy", shape = KINDS[kind];
  const cards = cardsOf().map(c => [c.id, label(c)]);
  const ps = players().map(p => [p, p]);
  options($("event-target"), shape.startsWith("player") ? ps : cards, $("event-target").value);
  $("event-target2").hidden = shape !== "two";
  options($("event-target2"), cards, $("event-target2").value);
  $("event-to").hidden = shape !== "card+to";
  options($("event-to"), ZONES.map(z => [z, L[lang].zones[z]]), $("event-to").value || "graveyard");
  const number = $("event-number");
  number.hidden = !(shape === "player+count" || shape === "card+amount");
  number.placeholder = shape === "card+amount" ? "-2000" : "1";
}

function renderWhyNotMarks() {
  const box = $("whynot-marks");
  const keep = Object.fromEntries([...box.querySelectorAll("select")].map(s => [s.dataset.subject, s.value]));
  const mark = (subject, text, choices) => el("label", {class: "mark-card"}, text + " ",
    (() => { const s = el("select", {"data-subject": subject, onchange: markChanged});
             options(s, [["", t("any")], ...choices], keep[subject] || ""); return s; })());
  box.replaceChildren(...cardsOf().map(c => mark(c.id, label(c), ZONES.map(z => [z, L[lang].zones[z]]))),
                      ...players().map(p => mark(p, p, [["lost", t("lost")], ["not_lost", t("notLost")]])));
}
function markChanged() {
  const marks = [...$("whynot-marks").querySelectorAll("select")].filter(s => s.value).map(s => `${s.dataset.subject}=${s.value}`);
  $("whynot-expect").value = marks.join(",");
}

// -- editing ------------------------------------------------------------------------
function changed() { clearErrors(); render(); }
function removeCard(c) {
  state.players[c.player][c.zone].splice(c.index, 1);
  if (!state.players[c.player][c.zone].length) delete state.players[c.player][c.zone];
  changed();
}
function choose(card) {
  placing = {card};
  $("place-form").hidden = false;
  $("place-card").textContent = card === null ? t("anon") : (typeof card === "object" ? card.name : card);
  const zone = $("place-zone").value;
  const prefix = card === null ? ({hand: "h", shields: "s", deck: "d", mana: "m", graveyard: "g"}[zone] || "c") : "c";
  $("place-id").value = freshId(prefix);
}
function place(event) {
  event.preventDefault();
  clearErrors();
  const id = $("place-id").value.trim();
  if (!id) return showError({message: "id: give the card an id"}, $("place-error"));
  if (cardsOf().some(c => c.id === id)) return showError({message: `id: '${id}' is already used`}, $("place-error"));
  const player = $("place-player").value, zone = $("place-zone").value;
  const entry = {id};
  if (placing.card !== null) entry.card = placing.card;
  if ($("place-tapped").checked) entry.tapped = true;
  for (const [sel, key] of [["place-under", "under"], ["place-equipped", "equipped_to"], ["place-fortifies", "fortifies"]])
    if ($(sel).value) entry[key] = $(sel).value;
  for (const box of $("place-markers").querySelectorAll("input")) if (box.checked) entry[box.dataset.marker] = true;
  const bare = Object.keys(entry).length === 1;
  const zones = state.players[player] || (state.players[player] = {});
  (zones[zone] || (zones[zone] = [])).push(bare ? id : entry);
  $("place-id").value = freshId(placing.card === null ? id.replace(/\d+$/, "") || "c" : "c");
  changed();
}
function addEvent() {
  const kind = $("event-kind").value, shape = KINDS[kind];
  const target = $("event-target").value;
  if (!target) return;
  const ev = {id: freshEvent()};
  if (shape === "two") ev[kind] = [target, $("event-target2").value];
  else ev[kind] = target;
  if (shape === "card+to") ev.to = $("event-to").value;
  const n = $("event-number").value;
  if (shape === "player+count" && n && Number(n) > 1) ev.count = Number(n);
  if (shape === "card+amount") ev.amount = Number(n || 0);
  state.effect = state.effect || {};
  (state.effect.events || (state.effect.events = [])).push(ev);
  changed();
}

// -- talking to the server ----------------------------------------------------------
async function post(path, body, signal) {
  const response = await fetch(path, {method: "POST", headers: {"content-type": "application/json"},
                                      body: JSON.stringify(body), signal});
  const data = await response.json().catch(() => ({error: {message: `${response.status} ${response.statusText}`}}));
  if (!response.ok || data.error) throw data.error || {message: response.statusText};
  return data;
}
async function get(path) {
  const response = await fetch(path);
  const data = await response.json();
  if (!response.ok || data.error) throw data.error || {message: response.statusText};
  return data;
}

function clearErrors() {
  for (const node of document.querySelectorAll(".field-error")) { node.hidden = true; node.textContent = ""; }
  for (const node of document.querySelectorAll(".has-error")) node.classList.remove("has-error");
  for (const node of document.querySelectorAll(".inline-error")) node.remove();
}
// An error is shown next to the field it names (its place), and where the request was made.
function showError(err, fallback) {
  const message = err.message || String(err);
  const place = err.place || "";
  let best = null, length = -1;
  for (const node of document.querySelectorAll("[data-place]")) {
    const p = node.dataset.place;
    if ((place === p || place.startsWith(p + ".") || place.startsWith(p + "[")) && p.length > length) {
      best = node; length = p.length;
    }
  }
  if (best) {
    best.classList.add("has-error");
    best.after(el("p", {class: "field-error inline-error", role: "alert"}, message));
  }
  if (fallback) { fallback.textContent = message; fallback.hidden = false; }
}

async function syncYaml() {
  try { $("yaml").value = (await post("/api/yaml", {scenario: state})).yaml; } catch (err) { /* shown on solve */ }
}

async function solve() {
  clearErrors();
  if (controller) controller.abort();
  controller = new AbortController();
  const started = performance.now();
  $("progress").hidden = false;
  $("found").textContent = "0";
  $("solve").disabled = true;
  const tick = setInterval(() => { $("elapsed").textContent = ((performance.now() - started) / 1000).toFixed(1); }, 100);
  try {
    const data = await solveStream({scenario: state, lang, timeout: $("timeout").value,
                                    max_resolutions: $("max-resolutions").value, stream: true}, controller.signal);
    $("summary").textContent = "";
    $("summary").dataset.resolutions = data.resolutions;
    $("summary").dataset.states = data.states;
    $("result").innerHTML = data.html;  // the server's report fragment: every text in it is escaped
    $("why-panel").hidden = true;
  } catch (err) {
    if (err && err.name === "AbortError") showError({message: t("cancelled")}, $("solve-error"));
    else showError(err, $("solve-error"));
  } finally {
    clearInterval(tick);
    $("progress").hidden = true;
    $("solve").disabled = false;
    controller = null;
  }
}

// The solve answers in JSON lines: progress ({found, seconds}) until the result or an error.
async function solveStream(body, signal) {
  const response = await fetch("/api/solve", {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify(body), signal});
  if (!response.ok) {
    const data = await response.json().catch(() => ({error: {message: `${response.status} ${response.statusText}`}}));
    throw data.error || {message: response.statusText};
  }
  const reader = response.body.getReader(), decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let cut;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 1);
      if (line.error) throw line.error;
      if (line.result) return line.result;
      $("found").textContent = line.found.toLocaleString("en");
    }
  }
  throw {message: "the server closed the connection"};
}

async function why(number) {
  $("why-panel").hidden = false;
  $("why-title").textContent = t("whyTitle").replace("{n}", number);
  $("why-text").textContent = "…";
  try { $("why-text").textContent = (await post("/api/why", {scenario: state, resolution: number})).text; }
  catch (err) { $("why-text").textContent = err.message; }
  $("why-panel").scrollIntoView({block: "nearest"});
}

async function whyNot() {
  clearErrors();
  $("whynot-text").textContent = "…";
  try { $("whynot-text").textContent = (await post("/api/why-not", {scenario: state, expect: $("whynot-expect").value})).text; }
  catch (err) { $("whynot-text").textContent = ""; showError(err, $("whynot-error")); }
}

let searchTimer = null;
function search() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    const q = $("card-query").value.trim();
    if (!q) { $("card-results").replaceChildren(); return; }
    try {
      const data = await get("/api/cards?q=" + encodeURIComponent(q));
      $("card-results").replaceChildren(...data.cards.map(c => el("li", {},
        el("button", {type: "button", class: "choose", "data-name": c.name, onclick: () => choose(c.name)}, t("choose")), " ",
        el("strong", {lang: "ja"}, c.name), " ", el("span", {class: "muted"}, c.types.join(" ")),
        c.text ? el("div", {class: "card-text", lang: "ja"}, c.text) : "")));
    } catch (err) { $("card-results").replaceChildren(el("li", {class: "field-error"}, err.message)); }
  }, 150);
}

async function compile() {
  clearErrors();
  const name = $("paste-name").value.trim(), text = $("paste-text").value;
  const out = $("paste-result");
  out.replaceChildren();
  if (!name) return showError({message: "name: give the card's printed name"}, out.appendChild(el("p", {class: "field-error"})));
  try {
    const data = await post("/api/compile", {text, type: $("paste-type").value});
    if (data.problems.length) {
      out.append(el("p", {class: "field-error"}, t("unreadable")), el("ul", {}, ...data.problems.map(p => el("li", {}, p))));
    }
    out.append(el("p", {class: "compiled"}, `${t("compiled")}: ${data.abilities.length}`));
    if (!data.problems.length && data.abilities.length)
      choose({name, type: $("paste-type").value, text, replacements: data.abilities});
  } catch (err) { showError(err, out.appendChild(el("p", {class: "field-error"}))); }
}

async function loadFixture(name) {
  clearErrors();
  try { adopt((await get("/api/fixture?name=" + encodeURIComponent(name))).scenario); }
  catch (err) { showError(err, $("fixture-error")); }
}
function adopt(doc) {
  state = doc && typeof doc === "object" ? doc : emptyScenario();
  state.players = state.players || {};
  for (const p of Object.keys(state.players)) if (!state.players[p] || typeof state.players[p] !== "object") state.players[p] = {};
  $("result").replaceChildren();
  $("why-panel").hidden = true;
  $("whynot-text").textContent = "";
  $("whynot-expect").value = "";
  $("whynot-marks").replaceChildren();
  render();
}

// Share: the scenario, as UTF-8 JSON in base64url, in the address's fragment (never sent to a server).
function encode(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let s = ""; for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
function decode(text) {
  const s = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(s, ch => ch.charCodeAt(0))));
}
function share() {
  const url = location.origin + location.pathname + (lang === "en" ? "?lang=en" : "") + "#s=" + encode(state);
  history.replaceState(null, "", url);
  $("share-link").hidden = false;
  $("share-link").value = url;
  $("share-link").select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
}
async function download() {
  try {
    const text = (await post("/api/yaml", {scenario: state})).yaml;
    const a = el("a", {href: URL.createObjectURL(new Blob([text], {type: "application/yaml"})), download: "scenario.yaml"});
    document.body.append(a); a.click(); a.remove();
  } catch (err) { showError(err, $("solve-error")); }
}
async function applyYaml() {
  clearErrors();
  try { adopt((await post("/api/parse", {yaml: $("yaml").value})).scenario); }
  catch (err) { showError(err, $("yaml-error")); }
}

function start() {
  options($("fixture-select"), [["", "—"], ...BOOT.fixtures.map(f => [f, f.replace(/\.yaml$/, "")])], "");
  $("timeout").value = BOOT.limits.timeout;
  $("max-resolutions").value = BOOT.limits.max_resolutions;
  $("timeout").max = BOOT.limits.timeout;
  $("max-resolutions").max = BOOT.limits.max_resolutions;
  $("fixture-load").addEventListener("click", () => $("fixture-select").value && loadFixture($("fixture-select").value));
  $("new-scenario").addEventListener("click", () => adopt(emptyScenario()));
  const switchTo = code => { lang = code; render(); if ($("result").childElementCount) solve(); };
  $("lang-ja").addEventListener("click", () => switchTo("ja"));
  $("lang-en").addEventListener("click", () => switchTo("en"));
  $("turn").addEventListener("change", e => { state.turn = e.target.value; changed(); });
  $("ruleset").addEventListener("change", e => { state.ruleset = e.target.value; changed(); });
  $("card-query").addEventListener("input", search);
  $("unnamed").addEventListener("click", () => choose(null));
  $("place-form").addEventListener("submit", place);
  $("place-zone").addEventListener("change", () => { if (placing && placing.card === null) choose(null); });
  $("effect-controller").addEventListener("change", e => { state.effect.controller = e.target.value; changed(); });
  $("effect-source").addEventListener("change", e => {
    if (e.target.value) state.effect.source = e.target.value; else delete state.effect.source; changed(); });
  $("effect-by").addEventListener("change", e => { state.effect.by = e.target.value; changed(); });
  $("event-kind").addEventListener("change", renderEventAdder);
  $("event-add").addEventListener("click", addEvent);
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", () => controller && controller.abort());
  $("whynot-button").addEventListener("click", whyNot);
  $("paste-compile").addEventListener("click", compile);
  $("share").addEventListener("click", share);
  $("download").addEventListener("click", download);
  $("yaml-apply").addEventListener("click", applyYaml);
  $("result").addEventListener("click", e => {
    const button = e.target.closest("button.why-button");
    if (button) why(Number(button.dataset.resolution));
  });
  const shared = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (shared) {
    try { state = decode(shared[1]); } catch (err) { showError({message: "the link's scenario cannot be read"}, $("fixture-error")); }
  }
  adopt(state);
  document.body.dataset.ready = "true";
}
start();
