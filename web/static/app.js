// papergames web app: a thin view over the server's answers. The server
// checks, scores and draws; this file only builds forms and shows results.

import {boardPage as boardView} from './board.js';
import {readPage as readView} from './read.js';

const view = document.getElementById('view');
let catalogue = null;

async function games() {
  if (!catalogue) {
    const r = await fetch('/api/games');
    catalogue = await r.json();
  }
  return catalogue;
}

// printOptions are the print options every sheet takes (the board
// command's flags, sheets.PrintOptions), as the designer's fields.
let options = null;
async function printOptions() {
  if (!options) {
    const r = await fetch('/api/print-options');
    options = await r.json();
  }
  return options;
}

// el builds an element: el('p', {class: 'x'}, 'text', child, ...).
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

async function errorText(r) {
  try { return (await r.json()).error; } catch { return r.status + ' ' + r.statusText; }
}

function show(title, ...kids) {
  document.title = title ? title + ' · papergames' : 'papergames';
  view.replaceChildren(...kids);
}

function markNav(name) {
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('here', a.dataset.nav === name);
}

function playersText(p) {
  if (p[0] === p[1]) return `${p[0]} players`;
  return p[1] ? `${p[0]}–${p[1]} players` : `${p[0]}+ players`;
}

async function gamesPage() {
  markNav('games');
  const gs = await games();
  show('', el('h1', {}, 'The games'),
    el('div', {class: 'cards'}, gs.map(g => el('article', {class: 'card', 'data-game': g.id},
      el('img', {src: `/api/sheet/${g.id}`, alt: `${g.title} board sheet`, loading: 'lazy'}),
      el('h2', {}, g.title),
      el('p', {}, `${playersText(g.players)} · ${g.board} · posted ${g.posted}`),
      el('div', {class: 'links'},
        el('a', {href: `#/rules/${g.id}`}, 'Rules'),
        el('a', {href: `#/design/${g.id}`}, 'Design a sheet'),
        g.scored ? el('a', {href: `#/score/${g.id}`}, 'Score a transcript') : '',
        g.board_entry ? el('a', {href: `#/board/${g.id}`}, 'Scoring board') : '')))));
}

async function rulesPage(id) {
  markNav('games');
  const g = (await games()).find(g => g.id === id);
  if (!g) return notFound(id);
  const r = await fetch(`/api/rules/${id}`);
  const text = r.ok ? await r.text() : await errorText(r);
  show(g.title + ' rules', el('h1', {}, g.title), el('pre', {class: 'rules'}, text),
    el('p', {class: 'row'}, el('a', {class: 'button', href: `#/design/${id}`}, 'Design a sheet'),
      el('a', {class: 'button plain', href: `#/score/${id}`}, 'Score a game')));
}

function notFound(id) {
  show('Not found', el('h1', {}, 'No such game'), el('p', {}, `There is no game “${id}”. `, el('a', {href: '#/'}, 'See the games.')));
}

function field(p) {
  const id = 'opt-' + p.name;
  if (p.kind === 'bool') {
    return el('label', {class: 'check', for: id}, el('input', {type: 'checkbox', id, name: p.name}), p.label || p.usage);
  }
  let input;
  if (p.kind === 'select') {
    input = el('select', {id, name: p.name}, p.choices.map(c => el('option', {value: c}, c)));
  } else {
    input = el('input', {type: p.kind === 'int' ? 'number' : 'text', id, name: p.name,
      value: p.value ?? (p.kind === 'int' ? p.default ?? '' : ''), min: p.kind === 'int' ? p.min ?? false : false, max: p.kind === 'int' ? p.max ?? false : false});
  }
  const hint = p.label ? p.usage : (p.kind === 'int' ? range(p) : '');
  return el('label', {for: id}, el('span', {}, p.label || `${p.usage}`), input, hint ? el('small', {}, hint) : '');
}

// range is an int parameter's allowed values, as the CLI says them (a
// minimum of 0 is a minimum).
function range(p) {
  return `${p.min} to ${p.max}`;
}

async function designPage(id) {
  markNav('design');
  const gs = await games();
  const g = gs.find(g => g.id === id) || gs[0];
  const form = el('form', {class: 'opts', id: 'designer'},
    el('label', {for: 'opt-game'}, 'Game', el('select', {id: 'opt-game'}, gs.map(x => el('option', {value: x.id, selected: x.id === g.id}, x.title)))),
    g.params.map(p => field({...p, label: `--${p.name}: ${p.usage}` + (p.print ? ` (${p.print})` : ''), usage: p.kind === 'int' ? range(p) : ''})),
    (await printOptions()).map(field));
  form.querySelector('#opt-game').addEventListener('change', e => { location.hash = `#/design/${e.target.value}`; });
  const status = el('p', {class: 'status', id: 'sheet-status'});
  const img = el('img', {id: 'sheet-preview', alt: `${g.title} sheet preview`});
  const pageSel = el('select', {id: 'sheet-page', 'aria-label': 'page'});
  const pdf = el('a', {class: 'button', id: 'download-pdf'}, 'Download PDF');
  const svg = el('a', {class: 'button plain', id: 'download-svg'}, 'Download SVG (this page)');
  const play = el('a', {class: 'button plain', id: 'play-board', hidden: !g.board_entry}, 'Play on this board');
  const blank = el('a', {class: 'button plain', id: 'blank-transcript', download: `${g.id}-transcript.yaml`, title: 'the transcript to fill in for this sheet, as papergames transcript prints it'}, 'Blank transcript');
  show('Design a sheet', el('h1', {}, `Design a sheet: ${g.title}`),
    el('div', {class: 'split'}, form,
      el('section', {class: 'preview'}, el('div', {class: 'row'}, pdf, svg, pageSel, blank, play), status, img)));
  let url = '', timer = 0, seq = 0;
  const query = () => {
    const q = new URLSearchParams();
    for (const e of form.elements) {
      if (!e.name) continue;
      if (e.type === 'checkbox') { if (e.checked) q.set(e.name, '1'); }
      else if (e.value.trim() !== '') q.set(e.name, e.value.trim());
    }
    return q;
  };
  // outputs enables the downloads, the blank transcript, "Play on this
  // board" and the preview only while they show the form as it stands: a
  // refused setting leaves none of them on the previous sheet.
  const outputs = on => {
    for (const a of [pdf, svg, blank, play]) {
      if (!on) a.removeAttribute('href');
      a.classList.toggle('disabled', !on);
      a.setAttribute('aria-disabled', String(!on));
    }
    pageSel.disabled = !on;
    img.hidden = !on;
  };
  const refresh = async () => {
    const q = query();
    const page = pageSel.value || '1';
    const mine = ++seq;
    status.textContent = 'Drawing…';
    status.className = 'status';
    outputs(false);
    const r = await fetch(`/api/sheet/${g.id}?${q}&page=${page}`);
    if (mine !== seq) return;
    if (!r.ok) {
      status.textContent = await errorText(r) + ' (no sheet until the form is valid)';
      status.className = 'status error';
      return;
    }
    const n = +r.headers.get('X-Pages');
    const warn = r.headers.get('X-Warnings');
    status.textContent = `board ${r.headers.get('X-Board-Id')} · ${n} page${n > 1 ? 's' : ''}` + (warn ? ` · warning: ${warn}` : '');
    if (pageSel.options.length !== n) {
      pageSel.replaceChildren(...Array.from({length: n}, (_, i) => el('option', {value: i + 1}, `page ${i + 1}`)));
      pageSel.value = Math.min(+page, n);
    }
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(await r.blob());
    img.src = url;
    pdf.href = `/api/sheet/${g.id}?${q}&format=pdf`;
    svg.href = `/api/sheet/${g.id}?${q}&page=${pageSel.value}&download=1`;
    blank.href = `/api/blank/${g.id}?${q}`;
    const bq = new URLSearchParams();
    for (const p of g.params) if (q.has(p.name)) bq.set(p.name, q.get(p.name));
    if (q.has('names')) bq.set('names', q.get('names'));
    play.href = `#/board/${g.id}?${bq}`;
    outputs(true);
    play.hidden = !g.board_entry;
  };
  form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(refresh, 250); });
  form.addEventListener('submit', e => { e.preventDefault(); refresh(); });
  pageSel.addEventListener('change', refresh);
  refresh();
}

async function scorePage(id) {
  markNav('score');
  const gs = await games();
  const g = gs.find(g => g.id === id);
  const text = el('textarea', {id: 'transcript', spellcheck: 'false', 'aria-label': 'transcript'});
  const file = el('input', {type: 'file', accept: '.yaml,.yml,.json,.txt', 'aria-label': 'open a transcript file'});
  // The rule variants of the game shown; without one, every game's.
  const rules = (g ? [g] : gs).flatMap(x => x.rules.map(p => ({...p, owner: x.title})))
    .filter((p, i, a) => a.findIndex(q => q.name === p.name) === i);
  const ruleFields = rules.map(p => field({...p, label: g ? p.usage : `${p.owner}: ${p.usage}`, usage: p.kind === 'string' ? '' : undefined}));
  const out = el('section', {id: 'score-result'});
  const form = el('form', {class: 'opts', id: 'scorer'},
    el('label', {for: 'transcript'}, 'Transcript (YAML or JSON, as papergames transcript prints it)', text),
    el('div', {class: 'row'}, file, g ? [
      el('button', {type: 'button', class: 'plain', id: 'blank', title: 'the transcript to fill in for the default sheet, as papergames transcript prints it'}, `Blank ${g.title} transcript`),
      el('button', {type: 'button', class: 'plain', id: 'example'}, 'Example game')] : ''),
    ruleFields,
    el('div', {class: 'row'}, el('button', {type: 'submit', id: 'score'}, 'Score')));
  show('Score a game', el('h1', {}, g ? `Score a game: ${g.title}` : 'Score a game'), el('div', {class: 'split score'}, form, out));
  file.addEventListener('change', async () => { if (file.files[0]) text.value = await file.files[0].text(); });
  for (const [id, api] of [['blank', 'blank'], ['example', 'example']]) {
    form.querySelector('#' + id)?.addEventListener('click', async () => {
      const r = await fetch(`/api/${api}/${g.id}`);
      text.value = r.ok ? await r.text() : await errorText(r);
    });
  }
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const p of rules) {
      const input = form.elements[p.name];
      if (p.kind === 'bool' && input.checked) q.set(p.name, '1');
      if (p.kind === 'string' && input.value.trim()) q.set(p.name, input.value.trim());
    }
    out.replaceChildren(el('p', {class: 'status'}, 'Scoring…'));
    const r = await fetch(`/api/score?${q}`, {method: 'POST', body: text.value, headers: {'Content-Type': 'text/plain'}});
    let body;
    try { body = await r.json(); } catch { body = {error: r.status + ' ' + r.statusText}; }
    if (body.error) { out.replaceChildren(el('p', {class: 'error', id: 'score-error'}, body.error)); return; }
    const pages = (body.pages || []).map((svg, i) => el('img', {alt: `round drawing, page ${i + 1}`,
      src: URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}))}));
    out.replaceChildren(
      body.ok ? el('p', {class: 'okay'}, 'Every move checked.') : el('p', {class: 'error', id: 'score-error'}, body.errors),
      body.text ? el('pre', {id: 'score-text'}, body.text) : '',
      el('div', {class: 'pages'}, pages));
  });
}

async function route() {
  const [path, query] = location.hash.split('?');
  const [, page, id] = path.replace(/^#\/?/, '#/').split('/');
  routeQuery = new URLSearchParams(query || '');
  try {
    switch (page) {
      case 'rules': return await rulesPage(id);
      case 'design': return await designPage(id);
      case 'score': return await scorePage(id);
      case 'board': return await boardPage(id);
      case 'read': markNav('read'); return await readView({el, show, errorText});
      default: return await gamesPage();
    }
  } catch (e) {
    show('Error', el('p', {class: 'error'}, String(e)));
  }
}

let routeQuery = new URLSearchParams();
async function boardPage(id) {
  markNav('board');
  await boardView({id, query: routeQuery, games: await games(), el, show, errorText, field});
}

window.addEventListener('hashchange', route);
route();
