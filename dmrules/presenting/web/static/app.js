// dmrules workbench: the situation is a scenario document (docs/scenario-format.md) kept here and
// sent with each request. Every text from the user or a card is put in the page as text, never as HTML;
// only the server's report fragments (escaped there) are inserted as HTML.
//
// An answer belongs to the situation it was computed for: the result keeps the situation it solved
// (its snapshot and the server's key of it); an edit marks the result out of date at once and, when
// the last solve was quick, solves again after a short pause; why and why-not always ask about the
// solved snapshot, the board on screen.
"use strict";

const BOOT = JSON.parse(document.getElementById("boot").textContent);
const ZONES = ["battle", "hand", "mana", "graveyard", "shields", "deck", "hyperspatial", "gr"];
const MARKERS = ["cannot_be_destroyed", "cannot_leave", "untouchable", "cannot_flip", "cannot_be_broken"];
const BY = ["ability", "spell", "attack", "battle", "rule", "cost"];
const RULESETS = ["dm", "sequential", "dmps"];
const TYPES = ["creature", "evolution_creature", "psychic_creature", "dragheart_creature", "dragheart_weapon",
  "dragheart_fortress", "spell", "castle", "tamaseed", "cross_gear", "field", "aura"];
// Event kinds the builder makes: what each names, and the zones its card can be in.
const KINDS = {
  destroy: {shape: "card", from: ["battle"], all: true},
  return_to_hand: {shape: "card", from: ["battle", "mana", "graveyard", "shields"], all: true},
  discard: {shape: "card", from: ["hand"], all: true, each: true},
  put_into_mana: {shape: "card", from: ["battle", "hand", "graveyard", "shields"], all: true},
  mill: {shape: "card", from: ["deck"]},
  break: {shape: "card", from: ["shields"]},
  move: {shape: "card+to", from: ZONES, all: true},
  put_into_battle: {shape: "card", from: ["hand", "mana", "graveyard", "shields", "deck", "hyperspatial", "gr"]},
  spell_to_graveyard: {shape: "card", from: ["hand", "graveyard", "mana", "shields", "deck"]},
  power_change: {shape: "card+amount", from: ["battle"]},
  battle: {shape: "two", from: ["battle"]},
  swap: {shape: "two", from: ZONES},
  draw: {shape: "player+count"},
  lose: {shape: "player"},
};
const QUICK = 2.0;      // seconds: a solve this quick is redone by itself after an edit
const DEBOUNCE = 600;   // ms after the last edit

const L = {
  ja: {
    zones: {battle: "バトルゾーン", hand: "手札", mana: "マナゾーン", graveyard: "墓地", shields: "シールドゾーン",
            deck: "山札", hyperspatial: "超次元ゾーン", gr: "超GRゾーン"},
    kinds: {destroy: "破壊する", return_to_hand: "手札に戻す", discard: "捨てる", put_into_mana: "マナゾーンに置く",
            mill: "山札から墓地へ", break: "ブレイクする", move: "移動する", put_into_battle: "バトルゾーンに出す",
            spell_to_graveyard: "呪文を墓地へ", power_change: "パワーを変える", battle: "バトルさせる", swap: "入れ替える",
            draw: "引く", lose: "敗北させる"},
    by: {ability: "能力", spell: "呪文", attack: "攻撃", battle: "バトル", rule: "ルール", cost: "コスト"},
    rulesets: {dm: "デュエル・マスターズ (dm)", sequential: "デュエル・マスターズ ゼロ (sequential)", dmps: "デュエマプレイス (dmps)"},
    types: {creature: "クリーチャー", evolution_creature: "進化クリーチャー", psychic_creature: "サイキック・クリーチャー",
            dragheart_creature: "ドラグハート・クリーチャー", dragheart_weapon: "ドラグハート・ウエポン",
            dragheart_fortress: "ドラグハート・フォートレス", spell: "呪文", castle: "城", tamaseed: "タマシード",
            cross_gear: "クロスギア", field: "フィールド", aura: "オーラ", evolution: "進化"},
    markers: {cannot_be_destroyed: "破壊されない", cannot_leave: "離れない", untouchable: "アンタッチャブル",
              cannot_flip: "龍解できない", cannot_be_broken: "ブレイクされない"},
    players: {me: "自分", opponent: "相手"},
    workbench: "ワークベンチ", fixture: "裁定の例", load: "読み込む", new: "新規", download: "シナリオを保存",
    share: "リンクで共有", situation: "状況", turnPlayer: "ターン・プレイヤー", ruleset: "ルール",
    addCard: "カードを置く", unnamed: "名前のないカード", paste: "印刷されたテキストを貼る", compile: "読み取る",
    placing: "置くカード", player: "プレイヤー", zone: "ゾーン", tapped: "タップ", under: "進化元",
    equipped: "装備先", fortifies: "要塞化", place: "置く", effect: "効果", controller: "コントローラー",
    source: "発生源", by_: "種類", eventsHint: "同時に起こるイベント:", addEvent: "イベントを加える",
    moreInYaml: "ほかの項目 (後の手順、置換効果、期待) は下のシナリオファイルで編集できます。",
    yaml: "シナリオファイル (YAML)", apply: "適用", answers: "解決", timeout: "制限時間 (秒)",
    maxResolutions: "最大の解決数", found: "見つかった解決", solve: "解く", solving: "解いています…", cancel: "中止",
    whyNot: "なぜできない?", whyNotHint: "カードの終わる場所を選んでください:", ask: "聞く",
    searchHint: "カード名・テキストで検索 (t:呪文 c:闇 r:ドラゴン)", nameHint: "カード名",
    textHint: "このクリーチャーが破壊される時、かわりに…", count: "枚数", seconds: "秒",
    choose: "選ぶ", remove: "取り除く", none: "なし", any: "どこでも", noSource: "(カードなし)", why: "なぜ?",
    cancelled: "中止しました。", linkCopied: "リンクをアドレスバーに入れました:", read: "読み取った内容:",
    ability: "置換能力", noAbility: "置換効果を読み取れませんでした。", unreadable: "読み取れない部分:",
    anon: "名前のないカード", noEvents: "イベントはまだありません。", whyTitle: "解決 #{n} はなぜ合法か",
    lost: "敗北する", notLost: "敗北しない", stale: "状況が変わりました: この結果は編集前の状況のものです。",
    staleSolving: "状況が変わりました: 解き直しています…", resolve: "解き直す", didYouMean: "もしかして:",
    noMatch: "見つかりません", byText: "テキストで見つかったカード", more: "ほか {n} 枚",
    boards: "盤面 {a}–{b} / {n}", prev: "前へ", next: "次へ", warnings: "注意",
    needId: "id を入力してください", usedId: "id「{id}」はすでに使われています", needName: "カード名を入力してください",
    badLink: "リンクの状況を読めません", allOf: "{p}のクリーチャーすべて", allBoth: "すべてのクリーチャー",
    allHand: "{p}の手札すべて", allHands: "各プレイヤーの手札すべて", eachDiscards: "各プレイヤーが手札を選んで捨てる",
    allZone: "{p}の{z}のカードすべて", number: "{f} は数で入力してください", whole: "{f} は整数で入力してください",
    positive: "{f} は 0 より大きくしてください", atMost: "{f} は {n} 以下にしてください (この workbench の上限)",
    whyNumber: "解決の番号", whyAsk: "なぜ合法か聞く", staleWhy: "(画面の結果、つまり編集前の状況について)",
    question: "なぜできない? の指定", chosen: "{n} 枚を選ぶ", everyone: "各プレイヤー",
  },
  en: {
    zones: {battle: "Battle zone", hand: "Hand", mana: "Mana zone", graveyard: "Graveyard", shields: "Shield zone",
            deck: "Deck", hyperspatial: "Hyperspatial zone", gr: "Super GR zone"},
    kinds: {destroy: "destroy", return_to_hand: "return to hand", discard: "discard", put_into_mana: "put into mana",
            mill: "mill", break: "break", move: "move", put_into_battle: "put into the battle zone",
            spell_to_graveyard: "spell to graveyard", power_change: "power change", battle: "battle", swap: "swap",
            draw: "draw", lose: "lose"},
    by: {ability: "ability", spell: "spell", attack: "attack", battle: "battle", rule: "rule", cost: "cost"},
    rulesets: {dm: "Duel Masters (dm)", sequential: "Duel Masters Zero (sequential)", dmps: "Duel Masters Play's (dmps)"},
    types: {creature: "creature", evolution_creature: "evolution creature", psychic_creature: "psychic creature",
            dragheart_creature: "dragheart creature", dragheart_weapon: "dragheart weapon",
            dragheart_fortress: "dragheart fortress", spell: "spell", castle: "castle", tamaseed: "tamaseed",
            cross_gear: "cross gear", field: "field", aura: "aura", evolution: "evolution"},
    markers: {cannot_be_destroyed: "cannot be destroyed", cannot_leave: "cannot leave", untouchable: "untouchable",
              cannot_flip: "cannot flip", cannot_be_broken: "cannot be broken"},
    players: {},
    workbench: "workbench", fixture: "Ruling", load: "Load", new: "New", download: "Save scenario",
    share: "Share link", situation: "Situation", turnPlayer: "Turn player", ruleset: "Ruleset",
    addCard: "Place a card", unnamed: "Unnamed card", paste: "Paste a printed text", compile: "Read it",
    placing: "Card to place", player: "Player", zone: "Zone", tapped: "tapped", under: "under (evolution source)",
    equipped: "equipped to", fortifies: "fortifies", place: "Place", effect: "Effect", controller: "Controller",
    source: "Source", by_: "By", eventsHint: "Events that happen at once:", addEvent: "Add event",
    moreInYaml: "Other fields (later steps, replacement effects, expectations) are edited in the scenario file below.",
    yaml: "Scenario file (YAML)", apply: "Apply", answers: "Resolutions", timeout: "Time limit (s)",
    maxResolutions: "Max resolutions", found: "resolutions found", solve: "Solve", solving: "Solving…", cancel: "Cancel",
    whyNot: "Why not?", whyNotHint: "Mark where cards should end:", ask: "Ask",
    searchHint: "Search cards by name or text (t:spell c:darkness r:ドラゴン)", nameHint: "Card name",
    textHint: "When this creature would be destroyed, instead…", count: "copies", seconds: "s",
    choose: "Choose", remove: "Remove", none: "none", any: "anywhere", noSource: "(no card)", why: "why?",
    cancelled: "Cancelled.", linkCopied: "The link is in the address bar:", read: "Read:",
    ability: "replacement ability", noAbility: "No replacement effect was read.", unreadable: "Could not read:",
    anon: "unnamed card", noEvents: "No events yet.", whyTitle: "How resolution #{n} is legal",
    lost: "loses", notLost: "does not lose", stale: "The situation changed: this result is of the situation before the edit.",
    staleSolving: "The situation changed: solving again…", resolve: "Solve again", didYouMean: "Did you mean:",
    noMatch: "No card found", byText: "Cards found by their text", more: "{n} more",
    boards: "Boards {a}–{b} of {n}", prev: "Previous", next: "Next", warnings: "Warnings",
    needId: "give the card an id", usedId: "id '{id}' is already used", needName: "give the card's printed name",
    badLink: "the link's situation cannot be read", allOf: "all of {p}'s creatures", allBoth: "all creatures",
    allHand: "{p}'s whole hand", allHands: "every player's whole hand", eachDiscards: "each player chooses and discards",
    allZone: "every card in {p}'s {z}", number: "{f} must be a number", whole: "{f} must be a whole number",
    positive: "{f} must be more than 0", atMost: "{f} must be at most {n} (this workbench's limit)",
    whyNumber: "Resolution number", whyAsk: "Ask how it is legal", staleWhy: "(of the result on screen: the situation before the edit)",
    question: "the why-not question", chosen: "choose {n}", everyone: "each player",
  },
};

let lang = BOOT.lang || "ja";
let state = emptyScenario();
let placing = null;          // {card: name | {inline definition} | null (unnamed)}
let controller = null;       // AbortController of the running solve
let solved = null;           // {key, snapshot, json, timeout, max_resolutions, seconds, page, pages}
let resolveTimer = null;
let attempted = null;        // the situation last sent to be solved (never solved again by itself)
const $ = id => document.getElementById(id);
const t = (key, values = {}) => String(L[lang][key] ?? key).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const pname = p => L[lang].players[p] || p;

function emptyScenario() {
  return {ruleset: "dm", turn: "me", players: {me: {}, opponent: {}},
          effect: {controller: "opponent", by: "ability", events: []}};
}
const clone = x => JSON.parse(JSON.stringify(x));

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
function freshIds(prefix, n) {
  const used = new Set(cardsOf().map(c => c.id)), out = [];
  for (let k = 1; out.length < n; k++) if (!used.has(prefix + k)) out.push(prefix + k);
  return out;
}
function freshEvent() {
  const used = new Set(((state.effect || {}).events || []).map(e => e.id));
  for (let n = 1; ; n++) if (!used.has("e" + n)) return "e" + n;
}
function eventCards(ev) {  // the card ids an event names
  const kind = Object.keys(KINDS).find(k => k in ev);
  const what = kind ? ev[kind] : ev.card ?? ev.cards;
  if (Array.isArray(what)) return what.map(String);
  return typeof what === "string" || typeof what === "number" ? [String(what)] : [];
}

// -- rendering ----------------------------------------------------------------------
function render() {
  document.documentElement.lang = lang;
  document.title = `dmrules ${t("workbench")}`;
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = t(node.dataset.l === "by" ? "by_" : node.dataset.l);
  for (const node of document.querySelectorAll("[data-lp]")) node.placeholder = t(node.dataset.lp);
  $("whynot-expect").setAttribute("aria-label", t("question"));
  $("lang-ja").classList.toggle("on", lang === "ja");
  $("lang-en").classList.toggle("on", lang === "en");
  const ps = players();
  options($("turn"), ps.map(p => [p, pname(p)]), state.turn);
  options($("ruleset"), RULESETS.map(r => [r, L[lang].rulesets[r]]), state.ruleset || "dm");
  $("title-line").textContent = state.title || "";
  options($("place-player"), ps.map(p => [p, pname(p)]), $("place-player").value || ps[0]);
  options($("place-zone"), ZONES.map(z => [z, L[lang].zones[z]]), $("place-zone").value || "battle");
  const cardChoices = [["", "—"], ...cardsOf().map(c => [c.id, label(c)])];
  for (const sel of document.querySelectorAll("select.card-choice")) {
    const keep = sel.id === "effect-source" ? (state.effect || {}).source || "" : sel.value;
    options(sel, sel.id === "effect-source" ? [["", t("noSource")], ...cardChoices.slice(1)] : cardChoices, keep);
  }
  options($("effect-controller"), ps.map(p => [p, pname(p)]), (state.effect || {}).controller);
  options($("effect-by"), BY.map(b => [b, L[lang].by[b]]), (state.effect || {}).by || "ability");
  const kind = $("event-kind").value || "destroy";
  options($("event-kind"), Object.keys(KINDS).map(k => [k, L[lang].kinds[k]]), kind);
  options($("paste-type"), TYPES.map(x => [x, L[lang].types[x]]), $("paste-type").value || "creature");
  const marks = Object.fromEntries([...$("place-markers").querySelectorAll("input")].map(b => [b.dataset.marker, b.checked]));
  $("place-markers").replaceChildren(...MARKERS.map(m => el("label", {},
    el("input", {type: "checkbox", "data-marker": m, checked: marks[m] || false}), " " + L[lang].markers[m])));
  renderEventAdder();
  renderBoard();
  renderEvents();
  renderWhyNotMarks();
  syncYaml();
}
function label(c) { const name = entryName(c.entry); return name ? `${name} (${c.id})` : c.id; }

function cardTags(e) {
  const tags = [];
  if (!e || typeof e !== "object") return tags;
  if (e.tapped) tags.push(t("tapped"));
  for (const [k, word] of [["under", "under"], ["equipped_to", "equipped"], ["fortifies", "fortifies"]])
    if (e[k]) tags.push(`${t(word)} ${e[k]}`);
  for (const m of MARKERS) if (e[m]) tags.push(L[lang].markers[m]);
  return tags;
}
function renderBoard() {
  const board = el("div", {class: "board builder-board"});
  for (const p of players()) {
    const box = el("div", {class: "player", "data-player": p},
      el("h4", {}, pname(p), p === state.turn ? el("span", {class: "badge turn"}, t("turnPlayer")) : ""));
    for (const z of ZONES) {
      const here = cardsOf().filter(c => c.player === p && c.zone === z);
      const list = el("ul", {class: "cards"});
      for (const c of here) {
        const name = entryName(c.entry);
        list.append(el("li", {class: "card" + (name ? "" : " anon"), "data-card": c.id,
                              "data-place": `players.${p}.${z}[${c.index}]`},
          el("span", {class: "name", lang: name ? "ja" : null}, name || c.id),
          name ? el("span", {class: "id"}, c.id) : "",
          ...cardTags(c.entry).map(x => el("span", {class: "tag"}, x)),
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

function targetWords(what, kind) {  // an event's target in words: a card, an "all" filter, a choice
  const named = id => { const c = cardsOf().find(x => x.id === String(id)); return c ? label(c) : String(id); };
  if (Array.isArray(what)) return what.map(named).join(", ");
  if (what && typeof what === "object" && what.all) {
    const whose = what.all.whose, who = whose === "own" ? pname(state.effect.controller)
      : whose === "opponent" ? pname(other(state.effect.controller)) : null;
    if (kind === "discard") return who ? t("allHand", {p: who}) : t("allHands");
    return who ? t("allOf", {p: who}) : t("allBoth");
  }
  if (what && typeof what === "object" && what.choose) {
    const ch = what.choose;
    return `${pname(ch.chooser || state.effect.controller)}: ${t("chosen", {n: ch.count})}`;
  }
  return typeof what === "string" || typeof what === "number" ? named(what) : "";
}
function eventText(ev) {
  const kind = Object.keys(KINDS).find(k => k in ev) || ev.kind || "?";
  let what = ev[kind] ?? ev.card ?? ev.cards ?? "";
  if (KINDS[kind] && KINDS[kind].shape.startsWith("player")) what = pname(String(what));
  else what = targetWords(what, kind);
  const extra = [ev.to ? `→ ${L[lang].zones[ev.to] || ev.to}` : "", ev.count ? `×${ev.count}` : "",
                 ev.amount !== undefined ? `${ev.amount > 0 ? "+" : ""}${ev.amount}` : ""].filter(Boolean).join(" ");
  return `${L[lang].kinds[kind] || kind}: ${what} ${extra}`.trim();
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
const other = p => players().find(q => q !== p) || p;
function eligible(kind) {  // the cards an event of this kind can take, none that an event already names
  const used = new Set(((state.effect || {}).events || []).flatMap(eventCards));
  return cardsOf().filter(c => KINDS[kind].from.includes(c.zone) && !used.has(c.id) && !(c.entry && c.entry.under));
}
function renderEventAdder() {
  const kind = $("event-kind").value || "destroy", spec = KINDS[kind], shape = spec.shape;
  const cards = eligible(kind).map(c => [c.id, `${label(c)} · ${L[lang].zones[c.zone]}`]);
  const whole = [];
  if (spec.all) {
    for (const p of players()) whole.push([`all:${p}`, kind === "discard" ? t("allHand", {p: pname(p)}) : t("allOf", {p: pname(p)})]);
    whole.push(["all:", kind === "discard" ? t("allHands") : t("allBoth")]);
  }
  if (spec.each) whole.push(["each", t("eachDiscards")]);
  const ps = players().map(p => [p, pname(p)]);
  const keep = $("event-target").value;
  options($("event-target"), shape.startsWith("player") ? ps : [...cards, ...whole], keep);
  if (!$("event-target").value && $("event-target").options.length) $("event-target").selectedIndex = 0;
  $("event-target2").hidden = shape !== "two";
  options($("event-target2"), cards, $("event-target2").value);
  $("event-to").hidden = shape !== "card+to";
  options($("event-to"), ZONES.map(z => [z, L[lang].zones[z]]), $("event-to").value || "graveyard");
  const target = $("event-target").value;
  const number = $("event-number");
  number.hidden = !(shape === "player+count" || shape === "card+amount" || target === "each");
  number.placeholder = shape === "card+amount" ? "-2000" : "1";
  $("event-add").disabled = !$("event-target").options.length;
}

function renderWhyNotMarks() {
  const box = $("whynot-marks");
  const keep = Object.fromEntries([...box.querySelectorAll("select")].map(s => [s.dataset.subject, s.value]));
  const mark = (subject, text, choices) => el("label", {class: "mark-card"}, text + " ",
    (() => { const s = el("select", {"data-subject": subject, onchange: markChanged});
             options(s, [["", t("any")], ...choices], keep[subject] || ""); return s; })());
  box.replaceChildren(...cardsOf().map(c => mark(c.id, label(c), ZONES.map(z => [z, L[lang].zones[z]]))),
                      ...players().map(p => mark(p, pname(p), [["lost", t("lost")], ["not_lost", t("notLost")]])));
}
function markChanged() {
  const marks = [...$("whynot-marks").querySelectorAll("select")].filter(s => s.value).map(s => `${s.dataset.subject}=${s.value}`);
  $("whynot-expect").value = marks.join(",");
}
function setMarks(expect) {
  $("whynot-expect").value = expect;
  for (const item of expect.split(",")) {
    const [subject, value] = item.split("=").map(x => (x || "").trim());
    const sel = [...$("whynot-marks").querySelectorAll("select")].find(s => s.dataset.subject === subject);
    if (sel) sel.value = value;
  }
}

// -- editing ------------------------------------------------------------------------
function changed() { clearErrors(); render(); situationChanged(); }
function removeCard(c) {
  state.players[c.player][c.zone].splice(c.index, 1);
  if (!state.players[c.player][c.zone].length) delete state.players[c.player][c.zone];
  changed();
}
function idPrefix(card, zone) {
  return card === null ? ({hand: "h", shields: "s", deck: "d", mana: "m", graveyard: "g", battle: "b"}[zone] || "c") : "c";
}
function choose(card) {
  placing = {card};
  $("place-form").hidden = false;
  $("place-card").textContent = card === null ? t("anon") : (typeof card === "object" ? card.name : card);
  $("place-count").value = "1";
  $("place-id").value = freshIds(idPrefix(card, $("place-zone").value), 1)[0];
}
function place(event) {
  event.preventDefault();
  clearErrors();
  if (!placing) return;
  const count = Math.max(1, Math.min(60, Math.floor(Number($("place-count").value) || 1)));
  const first = $("place-id").value.trim();
  if (!first) return showError({message: t("needId"), place: "place-id"}, $("place-error"));
  const player = $("place-player").value, zone = $("place-zone").value;
  let ids = [first];
  if (count > 1) {
    const prefix = first.replace(/\d+$/, "") || idPrefix(placing.card, zone);
    ids = freshIds(prefix, count);
  }
  const used = new Set(cardsOf().map(c => c.id));
  const clash = ids.find(id => used.has(id));
  if (clash) return showError({message: t("usedId", {id: clash}), place: "place-id"}, $("place-error"));
  const zones = state.players[player] || (state.players[player] = {});
  const list = zones[zone] || (zones[zone] = []);
  for (const id of ids) {
    const entry = {id};
    if (placing.card !== null) entry.card = clone(placing.card);
    if ($("place-tapped").checked) entry.tapped = true;
    for (const [sel, key] of [["place-under", "under"], ["place-equipped", "equipped_to"], ["place-fortifies", "fortifies"]])
      if ($(sel).value) entry[key] = $(sel).value;
    for (const box of $("place-markers").querySelectorAll("input")) if (box.checked) entry[box.dataset.marker] = true;
    list.push(Object.keys(entry).length === 1 ? id : entry);
  }
  changed();
  $("place-id").value = freshIds(first.replace(/\d+$/, "") || idPrefix(placing.card, zone), 1)[0];
}
function addEvent() {
  const kind = $("event-kind").value, shape = KINDS[kind].shape;
  const target = $("event-target").value;
  if (!target) return;
  state.effect = state.effect || {};
  const events = state.effect.events || (state.effect.events = []);
  const n = $("event-number").value;
  const controllerName = state.effect.controller || players()[0];
  const relative = p => p === controllerName ? "own" : "opponent";
  if (target === "each") {  // each player chooses and discards N of their own hand
    for (const p of players())
      events.push({id: freshEvent(), [kind]: {choose: {count: Math.max(1, Number(n) || 1), whose: "own", chooser: p}}});
    return changed();
  }
  const ev = {id: freshEvent()};
  if (target.startsWith("all:")) {
    const p = target.slice(4), filter = {};
    if (p) filter.whose = relative(p);
    if (kind !== "discard" && kind !== "move") filter.type = "creature";
    ev[kind] = {all: filter};
  } else if (shape === "two") ev[kind] = [target, $("event-target2").value];
  else ev[kind] = target;
  if (shape === "card+to") ev.to = $("event-to").value;
  if (shape === "player+count" && n && Number(n) > 1) ev.count = Number(n);
  if (shape === "card+amount") ev.amount = Number(n || 0);
  events.push(ev);
  changed();
}

// -- talking to the server ----------------------------------------------------------
async function post(path, body, signal) {
  const response = await fetch(path, {method: "POST", headers: {"content-type": "application/json"},
                                      body: JSON.stringify({lang, ...body}), signal});
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

let yamlTimer = null;
function syncYaml() {
  clearTimeout(yamlTimer);
  yamlTimer = setTimeout(async () => {
    try { $("yaml").value = (await post("/api/yaml", {scenario: state})).yaml; } catch (err) { /* shown on solve */ }
  }, 150);
}

// -- solving ------------------------------------------------------------------------
function limitsError() {  // the numbers of the answers panel, checked as the server checks them
  for (const [id, key, label, whole, cap] of [["timeout", "timeout", "timeout", false, BOOT.limits.timeout],
                                               ["max-resolutions", "max_resolutions", "maxResolutions", true, BOOT.limits.max_resolutions]]) {
    const text = $(id).value.trim(), f = t(label);
    if (text === "") continue;
    const value = Number(text);
    if (!Number.isFinite(value)) return {message: t("number", {f}), place: key};
    if (whole && !Number.isInteger(value)) return {message: t("whole", {f}), place: key};
    if (value <= 0) return {message: t("positive", {f}), place: key};
    if (value > cap) return {message: t("atMost", {f, n: cap}), place: key};
  }
  return null;
}
function situationChanged() {
  if (!solved) return;
  const stale = JSON.stringify(state) !== solved.json;
  $("answers").classList.toggle("stale", stale);
  $("stale").hidden = !stale;
  clearTimeout(resolveTimer);
  if (stale && solved.seconds < QUICK && JSON.stringify(state) !== attempted) {
    $("stale-text").textContent = t("staleSolving");
    resolveTimer = setTimeout(() => solve(), DEBOUNCE);
  } else $("stale-text").textContent = t("stale");
}

async function solve(page = 1, snapshot = null) {
  clearErrors();
  clearTimeout(resolveTimer);
  const invalid = limitsError();
  if (invalid) return showError(invalid, $("solve-error"));
  if (controller) controller.abort();
  const mine = controller = new AbortController();
  const started = performance.now();
  const scenario = snapshot ? clone(snapshot) : clone(state);
  if (!snapshot) attempted = JSON.stringify(scenario);
  const params = {timeout: $("timeout").value, max_resolutions: $("max-resolutions").value};
  $("progress").hidden = false;
  $("found").textContent = "0";
  $("solve").disabled = true;
  const tick = setInterval(() => { $("elapsed").textContent = ((performance.now() - started) / 1000).toFixed(1); }, 100);
  try {
    const data = await solveStream({scenario, ...params, page, stream: true}, mine.signal);
    solved = {key: data.key, snapshot: scenario, json: JSON.stringify(scenario), ...params,
              seconds: snapshot && solved ? solved.seconds : data.seconds, page: data.page, pages: data.pages};
    showResult(data);
    if (page === 1) $("why-panel").hidden = true;
  } catch (err) {
    if (err && err.name === "AbortError") { if (controller === mine) showError({message: t("cancelled")}, $("solve-error")); }
    else showError(err, $("solve-error"));
  } finally {
    clearInterval(tick);
    if (controller === mine) {
      $("progress").hidden = true;
      $("solve").disabled = false;
      controller = null;
    }
  }
  situationChanged();
}

function showResult(data) {
  $("summary").dataset.resolutions = data.resolutions;
  $("summary").dataset.states = data.states;
  $("summary").dataset.key = data.key;
  $("warnings").replaceChildren(...(data.warnings || []).map(w => el("li", {class: "warn", lang}, w)));
  $("warnings").hidden = !(data.warnings || []).length;
  // The server's report fragments: every text in them is escaped.
  $("result").innerHTML = data.head + (data.note ? `<p class="warn switched"></p>` : "") +
    '<section class="states">' + data.boards_title + '<div id="boards"></div></section>';
  if (data.note) $("result").querySelector(".switched").textContent = data.note;
  $("boards").innerHTML = data.boards.join("");
  renderPager(data);
}
function renderPager(data) {
  const pager = $("pager");
  pager.hidden = data.pages <= 1;
  if (data.pages <= 1) return pager.replaceChildren();
  const last = Math.min(data.first + data.boards.length - 1, data.boards_count);
  pager.replaceChildren(
    el("button", {type: "button", id: "page-prev", disabled: data.page <= 1, onclick: () => turnPage(data.page - 1)}, t("prev")),
    el("span", {id: "page-info", "data-page": data.page, "data-pages": data.pages},
       t("boards", {a: data.first, b: last, n: data.boards_count})),
    el("button", {type: "button", id: "page-next", disabled: data.page >= data.pages, onclick: () => turnPage(data.page + 1)}, t("next")));
}
function turnPage(page) {
  if (!solved) return;
  $("timeout").value = solved.timeout; $("max-resolutions").value = solved.max_resolutions;
  solve(page, solved.snapshot).then(() => $("pager").scrollIntoView({block: "nearest"}));
}

// The solve answers in JSON lines: progress ({found, seconds}) until the result or an error.
async function solveStream(body, signal) {
  const response = await fetch("/api/solve", {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify({lang, ...body}), signal});
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
  if (!solved) return;
  $("why-panel").hidden = false;
  const stale = JSON.stringify(state) !== solved.json;
  $("why-title").textContent = t("whyTitle", {n: number}) + (stale ? " " + t("staleWhy") : "");
  $("why-text").textContent = "…";
  try {
    const data = await post("/api/why", {scenario: solved.snapshot, key: solved.key, resolution: number,
                                         timeout: solved.timeout, max_resolutions: solved.max_resolutions});
    $("why-text").textContent = data.text;
  } catch (err) { $("why-text").textContent = err.message; }
  $("why-panel").scrollIntoView({block: "nearest"});
}

async function whyNot() {
  clearErrors();
  const expect = $("whynot-expect").value;
  if (!solved || JSON.stringify(state) !== solved.json) await solve();  // ask about the board on screen
  if (!solved || JSON.stringify(state) !== solved.json) return;
  $("whynot-text").textContent = "…";
  try {
    const data = await post("/api/why-not", {scenario: solved.snapshot, key: solved.key, expect,
                                             timeout: solved.timeout, max_resolutions: solved.max_resolutions});
    $("whynot-text").textContent = data.text;
    $("whynot-text").dataset.legal = data.legal;
  } catch (err) { $("whynot-text").textContent = ""; showError(err, $("whynot-error")); }
}

// -- cards: search and pasted texts -------------------------------------------------
let searchTimer = null, lastSearch = null;
function search() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(runSearch, 150);
}
async function runSearch() {
  const q = $("card-query").value.trim();
  if (!q) { $("card-results").replaceChildren(); lastSearch = null; return; }
  try {
    const data = await get("/api/cards?q=" + encodeURIComponent(q));
    lastSearch = data;
    const items = data.cards.map(c => el("li", {},
      el("button", {type: "button", class: "choose", "data-name": c.name, onclick: () => choose(c.name)}, t("choose")), " ",
      el("strong", {lang: "ja"}, c.name), " ", el("span", {class: "muted"}, c.types.map(x => L[lang].types[x] || x).join("・")),
      c.text ? el("div", {class: "card-text", lang: "ja"}, c.text) : ""));
    if (data.by === "text" && items.length) items.unshift(el("li", {class: "muted"}, t("byText")));
    if (data.more) items.push(el("li", {class: "muted"}, t("more", {n: data.more})));
    if (!data.cards.length) {
      items.push(el("li", {class: "no-match"}, data.problems.length ? data.problems.join("; ") : t("noMatch"),
        ...(data.suggestions.length ? [" · " + t("didYouMean") + " ", ...data.suggestions.flatMap((name, i) => [
          i ? "、" : "", el("button", {type: "button", class: "suggestion link", "data-name": name, lang: "ja",
                                      onclick: () => { $("card-query").value = name; runSearch(); }}, name)])] : [])));
    }
    $("card-results").replaceChildren(...items);
  } catch (err) { $("card-results").replaceChildren(el("li", {class: "field-error"}, err.message)); }
}
async function searchEnter(event) {
  if (event.key !== "Enter") return;
  event.preventDefault();
  clearTimeout(searchTimer);
  await runSearch();
  if (lastSearch && lastSearch.cards.length) choose(lastSearch.cards[0].name);
}

async function compile() {
  clearErrors();
  placing = null;  // the card read before is forgotten, whatever this text gives
  $("place-form").hidden = true;
  const name = $("paste-name").value.trim(), text = $("paste-text").value;
  const out = $("paste-result");
  out.replaceChildren();
  if (!name) return showError({message: t("needName"), place: "paste-name"}, out.appendChild(el("p", {class: "field-error"})));
  try {
    const data = await post("/api/compile", {text, type: $("paste-type").value});
    if (data.problems.length) {
      out.append(el("p", {class: "field-error"}, t("unreadable")), el("ul", {}, ...data.problems.map(p => el("li", {lang: "ja"}, p))));
      return;
    }
    if (!data.abilities.length) { out.append(el("p", {class: "field-error"}, t("noAbility"))); return; }
    out.append(el("p", {class: "compiled"}, t("read")),
      el("ol", {class: "reading"}, ...data.reading.map(lines => el("li", {},
        el("span", {class: "muted"}, t("ability")), el("ul", {}, ...lines.map(line => el("li", {lang}, line)))))));
    // The card is its printed text: the server compiles it again wherever it is read.
    choose({name, type: $("paste-type").value, text});
  } catch (err) { showError(err, out.appendChild(el("p", {class: "field-error"}))); }
}

// -- rulings, new, share ------------------------------------------------------------
async function loadFixture(name) {
  clearErrors();
  try { adopt((await get("/api/fixture?name=" + encodeURIComponent(name) + "&lang=" + lang)).scenario); }
  catch (err) { showError(err, $("fixture-error")); }
}
function resetForms() {
  placing = null;
  $("place-form").hidden = true;
  $("place-form").reset();
  $("place-zone").value = "battle";
  for (const id of ["card-query", "paste-name", "paste-text", "whynot-expect", "share-link"]) $(id).value = "";
  for (const id of ["card-results", "paste-result", "whynot-marks", "warnings", "pager", "result", "boards"]) { const n = $(id); if (n) n.replaceChildren(); }
  $("paste").open = false;
  $("share-link").hidden = true;
  $("fixture-select").value = "";
  $("paste-type").value = "creature";
}
function adopt(doc, {keepForms = false} = {}) {
  if (controller) controller.abort();
  clearTimeout(resolveTimer);
  state = doc && typeof doc === "object" ? doc : emptyScenario();
  state.players = state.players || {};
  for (const p of Object.keys(state.players)) if (!state.players[p] || typeof state.players[p] !== "object") state.players[p] = {};
  if (!keepForms) resetForms();
  solved = null;
  $("result").replaceChildren();
  $("warnings").hidden = true;
  $("pager").hidden = true;
  $("stale").hidden = true;
  $("answers").classList.remove("stale");
  $("why-panel").hidden = true;
  $("whynot-text").textContent = "";
  $("whynot-expect").value = "";
  $("whynot-marks").replaceChildren();
  $("timeout").value = BOOT.limits.timeout;
  $("max-resolutions").value = BOOT.limits.max_resolutions;
  clearErrors();
  render();
}

// A link carries the situation (each inline card once), compressed, and the why-not question; it
// opens solved. Old links (#s=, the JSON in base64) still open.
function b64(bytes) { let s = ""; for (const b of bytes) s += String.fromCharCode(b); return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""); }
function unb64(text) { const s = atob(text.replaceAll("-", "+").replaceAll("_", "/")); return Uint8Array.from(s, ch => ch.charCodeAt(0)); }
async function squeeze(bytes, mode) {
  const stream = new Blob([bytes]).stream().pipeThrough(mode === "in" ? new CompressionStream("deflate-raw") : new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
function pack(doc) {  // inline card definitions listed once, named by their place in the list
  const cards = [], seen = new Map(), out = clone(doc);
  for (const zones of Object.values(out.players || {})) for (const list of Object.values(zones || {})) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) if (entry && typeof entry === "object" && entry.card && typeof entry.card === "object") {
      const key = JSON.stringify(entry.card);
      if (!seen.has(key)) { seen.set(key, cards.length); cards.push(entry.card); }
      entry.card = {"$": seen.get(key)};
    }
  }
  return {v: 2, s: out, c: cards};
}
function unpack(packed) {
  const doc = packed.s;
  for (const zones of Object.values(doc.players || {})) for (const list of Object.values(zones || {})) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) if (entry && entry.card && typeof entry.card === "object" && "$" in entry.card)
      entry.card = clone(packed.c[entry.card["$"]]);
  }
  return doc;
}
async function linkFor(doc, question) {
  const packed = pack(doc);
  if (question) packed.q = question;
  const bytes = await squeeze(new TextEncoder().encode(JSON.stringify(packed)), "in");
  return location.origin + location.pathname + (lang === "en" ? "?lang=en" : "") + "#z=" + b64(bytes);
}
async function share() {
  const url = await linkFor(state, $("whynot-expect").value.trim());
  history.replaceState(null, "", url);
  $("share-link").hidden = false;
  $("share-link").value = url;
  $("share-link").select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
}
async function readLink(hash) {
  let found = hash.match(/^#z=([A-Za-z0-9_-]+)$/);
  if (found) {
    const packed = JSON.parse(new TextDecoder().decode(await squeeze(unb64(found[1]), "out")));
    return {doc: unpack(packed), question: typeof packed.q === "string" ? packed.q : ""};
  }
  found = hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (found) return {doc: JSON.parse(new TextDecoder().decode(unb64(found[1]))), question: ""};
  return null;
}
async function openLink() {
  let link = null;
  try { link = await readLink(location.hash); }
  catch (err) { showError({message: t("badLink")}, $("fixture-error")); return false; }
  if (!link || !link.doc || typeof link.doc !== "object") return false;
  adopt(link.doc);
  await solve();
  if (link.question) {
    $("whynot-panel").open = true;
    setMarks(link.question);
    await whyNot();
  }
  return true;
}
function fileName() {
  const base = (state.title || (state.source && state.source.ruling) || "scenario").trim();
  const safe = base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").replace(/\s+/g, "-").replace(/^[-.]+|[-.]+$/g, "").slice(0, 80);
  return (safe || "scenario") + ".yaml";
}
async function download() {
  try {
    const text = (await post("/api/yaml", {scenario: state})).yaml;
    const a = el("a", {href: URL.createObjectURL(new Blob([text], {type: "application/yaml"})), download: fileName()});
    document.body.append(a); a.click(); a.remove();
  } catch (err) { showError(err, $("solve-error")); }
}
async function applyYaml() {
  clearErrors();
  try { adopt((await post("/api/parse", {yaml: $("yaml").value})).scenario, {keepForms: true}); }
  catch (err) { showError(err, $("yaml-error")); }
}

async function start() {
  options($("fixture-select"), [["", "—"], ...BOOT.fixtures.map(f => [f, f.replace(/\.yaml$/, "")])], "");
  $("timeout").max = BOOT.limits.timeout;
  $("max-resolutions").max = BOOT.limits.max_resolutions;
  $("fixture-load").addEventListener("click", () => $("fixture-select").value && loadFixture($("fixture-select").value));
  $("new-scenario").addEventListener("click", () => { history.replaceState(null, "", location.pathname + location.search); adopt(emptyScenario()); });
  const switchTo = code => {
    lang = code; render();
    if (solved) solve(solved.page || 1, solved.snapshot);
  };
  $("lang-ja").addEventListener("click", () => switchTo("ja"));
  $("lang-en").addEventListener("click", () => switchTo("en"));
  $("turn").addEventListener("change", e => { state.turn = e.target.value; changed(); });
  $("ruleset").addEventListener("change", e => { state.ruleset = e.target.value; changed(); });
  $("card-query").addEventListener("input", search);
  $("card-query").addEventListener("keydown", searchEnter);
  $("unnamed").addEventListener("click", () => choose(null));
  $("place-form").addEventListener("submit", place);
  $("place-zone").addEventListener("change", () => { if (placing && placing.card === null) choose(null); });
  $("effect-controller").addEventListener("change", e => { state.effect.controller = e.target.value; changed(); });
  $("effect-source").addEventListener("change", e => {
    if (e.target.value) state.effect.source = e.target.value; else delete state.effect.source; changed(); });
  $("effect-by").addEventListener("change", e => { state.effect.by = e.target.value; changed(); });
  $("event-kind").addEventListener("change", renderEventAdder);
  $("event-target").addEventListener("change", renderEventAdder);
  $("event-add").addEventListener("click", addEvent);
  $("solve").addEventListener("click", () => solve());
  $("resolve").addEventListener("click", () => solve());
  $("cancel").addEventListener("click", () => controller && controller.abort());
  $("whynot-button").addEventListener("click", whyNot);
  $("paste-compile").addEventListener("click", compile);
  $("share").addEventListener("click", share);
  $("download").addEventListener("click", download);
  $("yaml-apply").addEventListener("click", applyYaml);
  $("why-form").addEventListener("submit", e => { e.preventDefault(); const n = Number($("why-number").value); if (n > 0) why(n); });
  $("result").addEventListener("click", e => {
    const button = e.target.closest("button.why-button");
    if (button) why(Number(button.dataset.resolution));
  });
  window.addEventListener("hashchange", () => { openLink(); });
  adopt(emptyScenario());
  document.body.dataset.ready = "true";
  if (location.hash) await openLink();
}
start();
