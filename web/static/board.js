// The scoring board: the page keeps the transcript and sends it with every
// action; the server replays it on the game's engine, checks the move, and
// answers the new transcript, the board drawn as SVG with its clickable
// targets, the scores and the legal moves. No geometry happens here: a
// click is a target's name, or a position in the SVG's own units.

const NS = 'http://www.w3.org/2000/svg';

export async function boardPage({id, query, games, el, show, errorText}) {
  const playable = games.filter(g => g.board_entry);
  const g = playable.find(x => x.id === id);
  // state: the transcript shown (cur), and the longest one of this line of
  // play (full), which redo and jump replay a prefix of.
  // again: the words whose move ends a round without a trace in its
  // record (the last grid stopped), sent again to start the next round.
  let lastMove = '', again = new Set(), cur = null, full = '', fullPlayed = 0, picks = [], hint = false, round = null;
  // doubts: moves a reader of a photo was unsure of, by "round:move"
  // (from 0), marked in the move list until the person has looked.
  let doubts = new Map();

  const status = el('p', {class: 'status', id: 'board-status', role: 'status'});
  const refusal = el('p', {class: 'error', id: 'board-error', role: 'alert', hidden: true});
  const stage = el('div', {class: 'board-stage', id: 'board'});
  const moveInput = el('input', {type: 'text', id: 'move-text', autocomplete: 'off', spellcheck: 'false', 'aria-label': 'move in the transcript notation'});
  const moveForm = el('form', {class: 'row', id: 'move-form'}, moveInput, el('button', {type: 'submit'}, 'Play'));
  const undo = el('button', {type: 'button', class: 'plain', id: 'undo', title: 'take back the last move (U)'}, 'Undo');
  const redo = el('button', {type: 'button', class: 'plain', id: 'redo', title: 'play the move taken back again (R)'}, 'Redo');
  const newRound = el('button', {type: 'button', id: 'new-round', hidden: true}, 'Start the next round');
  // The words the game's board offers now (done, stop), as buttons.
  const words = el('span', {id: 'words', class: 'row'});
  const hintBox = el('input', {type: 'checkbox', id: 'hint'});
  const legal = el('div', {id: 'legal', class: 'legal', hidden: true});
  const scores = el('div', {id: 'scores'});
  const moves = el('div', {id: 'moves', class: 'moves'});
  const exportBtn = el('button', {type: 'button', class: 'plain', id: 'export'}, 'Export transcript');
  const pdfBtn = el('button', {type: 'button', class: 'plain', id: 'download-scored-pdf'}, 'Scored picture (PDF)');
  const svgBtn = el('button', {type: 'button', class: 'plain', id: 'download-scored-svg'}, 'Scored picture (SVG)');
  const importText = el('textarea', {id: 'import-text', spellcheck: 'false', 'aria-label': 'transcript to import'});
  const importFile = el('input', {type: 'file', id: 'import-file', accept: '.yaml,.yml,.json,.txt', 'aria-label': 'open a transcript file'});
  const importBtn = el('button', {type: 'button', id: 'import'}, 'Import');
  const replayBox = el('input', {type: 'checkbox', id: 'replay'});
  const drop = el('details', {class: 'import', id: 'import-box'},
    el('summary', {}, 'Import a transcript (paste, open a file, or drop one on this page)'),
    importText, el('div', {class: 'row'}, importFile, importBtn,
      el('label', {class: 'check', for: 'replay'}, replayBox, ' replay it move by move (slowly, to watch)')));

  // The start form: a game and its board's parameters, the players.
  const startForm = el('form', {class: 'opts', id: 'board-start'},
    el('label', {for: 'start-game'}, 'Game', el('select', {id: 'start-game'},
      playable.map(x => el('option', {value: x.id, selected: x.id === (g || playable[0]).id}, x.title)))),
    el('div', {id: 'start-params'}),
    el('label', {for: 'start-names'}, 'Players, in seat order', el('input', {type: 'text', id: 'start-names', value: query.get('names') || 'Ann, Bob'})),
    el('div', {class: 'row'}, el('button', {type: 'submit', id: 'start'}, 'Start')));
  const params = () => {
    const x = playable.find(p => p.id === startForm.querySelector('#start-game').value);
    startForm.querySelector('#start-params').replaceChildren(...x.params.filter(p => p.kind === 'int' && (x.header_keys || []).includes(p.name)).map(p =>
      el('label', {for: 'start-' + p.name}, boardLabel(p),
        el('input', {type: 'number', id: 'start-' + p.name, name: p.name, min: p.min, max: p.max, value: query.get(p.name) || p.default}))));
  };
  startForm.querySelector('#start-game').addEventListener('change', params);
  params();

  const side = el('section', {class: 'board-side'},
    status, refusal, moveForm,
    el('div', {class: 'row'}, undo, redo, newRound, words),
    el('label', {class: 'check', for: 'hint'}, hintBox, 'Show legal moves'), legal,
    el('h2', {}, 'Score'), scores,
    el('h2', {}, 'Moves'), moves,
    el('div', {class: 'row'}, exportBtn, pdfBtn, svgBtn));
  const game = el('div', {class: 'board-split', id: 'board-game', hidden: true}, el('section', {}, stage), side);
  const startBox = el('details', {class: 'start-box', id: 'start-box', open: true},
    el('summary', {}, 'New game or import'), el('div', {class: 'row start'}, startForm, drop));
  show('Scoring board', el('h1', {id: 'board-title'}, 'Scoring board'), startBox, game);

  async function send(req) {
    try {
      const r = await fetch('/api/board', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(req)});
      if (!r.ok) { fail(await errorText(r)); return null; }
      return await r.json();
    } catch (e) { fail(String(e)); return null; }
  }

  // Every action waits its turn: a click made while the answer to the
  // last one is on its way is queued, in order, and reads the board as
  // that answer leaves it (its picks, its move count), never dropped.
  let queue = Promise.resolve(), waiting = 0;
  function enqueue(fn) {
    waiting++;
    stage.dataset.waiting = waiting;
    const p = queue.then(fn).catch(e => fail(String(e))).finally(() => { waiting--; stage.dataset.waiting = waiting; });
    queue = p;
    return p;
  }
  function fail(msg) {
    stage.dataset.seq = (+stage.dataset.seq || 0) + 1;
    refusal.hidden = false;
    refusal.textContent = msg;
  }

  // The page's own timing, for the browser benchmark: when the last
  // click or key was made (data-clicked), and the first frame after an
  // answer is shown (data-shown, with the answer's data-drawn number), in
  // ms since the page opened.
  document.addEventListener('click', e => { stage.dataset.clicked = e.timeStamp; }, true);
  document.addEventListener('submit', e => { stage.dataset.clicked = e.timeStamp; }, true);
  document.addEventListener('keydown', e => { stage.dataset.clicked = e.timeStamp; }, true);

  // render shows an answer; keep says whether it extends the line of play.
  function render(b, keep) {
    cur = b;
    const seq = stage.dataset.seq = (+stage.dataset.seq || 0) + 1;
    requestAnimationFrame(() => { stage.dataset.shown = performance.now(); stage.dataset.drawn = seq; });
    if (keep) { full = b.transcript; fullPlayed = b.played; }
    game.hidden = false;
    startBox.open = false;
    document.querySelector('#board-title').textContent = `Scoring board: ${b.title}`;
    picks = b.picks;
    refusal.hidden = !b.refused;
    refusal.textContent = b.refused ? b.refused.message : '';
    // The board: the server's SVG, with its targets on top.
    stage.innerHTML = b.svg.replace(/^<\?xml[^>]*>\s*/, '');
    const svg = stage.querySelector('svg');
    svg.removeAttribute('width'); svg.removeAttribute('height');
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', `${b.title} board, round ${b.round + 1}`);
    const vb = svg.viewBox.baseVal;
    // A target is at most a 70th of the board, and less than half the way
    // to its nearest neighbour, so that targets never cover each other
    // (cut ends a degree apart); a round that is over takes no clicks.
    const most = Math.max(vb.width, vb.height) / 70;
    const targets = b.over ? [] : b.targets;
    const radius = targets.map((t, i) => targets.reduce((r, u, j) => i === j ? r : Math.min(r, Math.hypot(t.x - u.x, t.y - u.y) * 0.45), most));
    const hot = new Set(hint ? b.hot : []);
    for (const [i, t] of targets.entries()) {
      const c = document.createElementNS(NS, 'circle');
      c.setAttribute('cx', t.x); c.setAttribute('cy', t.y); c.setAttribute('r', radius[i]);
      c.setAttribute('class', 'target ' + t.kind + (picks.includes(t.name) ? ' picked' : '') + (hot.has(t.name) ? ' hot' : ''));
      c.setAttribute('tabindex', '0');
      c.setAttribute('role', 'button');
      c.setAttribute('aria-label', `${t.kind} ${t.name}`);
      c.dataset.name = t.name;
      c.dataset.names = [t.name, ...(t.also || [])].join(' ');
      const title = document.createElementNS(NS, 'title');
      title.textContent = c.dataset.names;
      c.append(title);
      svg.append(c);
    }
    // Whose turn, and what the move must be.
    const who = b.to_move >= 0 ? b.players[b.to_move] : '';
    status.replaceChildren(
      b.over ? `Round ${b.round + 1} is over.` : el('span', {}, swatch(b, b.to_move), ` ${who} to move (round ${b.round + 1}, ${b.phase}). `),
      b.over ? '' : b.constraint.charAt(0).toUpperCase() + b.constraint.slice(1) + '.',
      picks.length ? ` Picked: ${picks.join(', ')} (Esc clears).` : '');
    const last = b.rounds.length - 1;
    newRound.hidden = !(b.round === last && b.rounds[last].over && !b.refused);
    words.replaceChildren(...b.words.map(w => el('button', {type: 'button', class: 'word', id: 'word-' + w.word, 'data-word': w.word, title: w.title,
      onclick: () => act({move: w.word})}, w.label)));
    for (const w of b.words) if (w.again) again.add(w.word);
    undo.disabled = b.played === 0;
    redo.disabled = b.played >= fullPlayed || !!b.refused;
    // Legal moves.
    legal.hidden = !hint;
    legal.replaceChildren(!b.finite ? el('p', {}, b.over ? 'No move is left.' : b.constraint) :
      b.legal.length === 0 ? el('p', {}, b.over ? 'No move is left: the round is over.' : 'No legal move.') :
        el('p', {}, `${b.legal.length} legal move(s)${picks.length ? ' from ' + picks.join(', ') : ''}: `,
          ...b.legal.slice(0, 200).map(m => el('button', {type: 'button', class: 'chip', onclick: () => act({move: m})}, m))));
    // Scores: running totals by the engines, the scorer's winner when the
    // transcript is complete.
    const won = new Set(b.winners);
    scores.replaceChildren(el('table', {class: 'scores'},
      el('thead', {}, el('tr', {}, el('th', {}, 'Player'), b.rounds.map((_, i) => el('th', {}, `R${i + 1}`)), el('th', {}, 'Total'))),
      el('tbody', {}, b.players.map((p, i) => el('tr', {class: won.has(p) ? 'winner' : ''},
        el('th', {scope: 'row'}, swatch(b, i), ' ', p, el('span', {class: 'ink-name'}, ` (${inkName(i)})`)),
        b.rounds.map(rd => el('td', {}, rd.scores[i] ?? '')),
        el('td', {class: 'total', 'data-player': p}, b.totals[i]))))),
      el('p', {id: 'winner'}, b.scored ? (b.rounds.every(r => r.over) ? '' : 'If the game ended now: ') + (b.winners.length === 1 ? `Winner: ${b.winners[0]}` : b.winners.length ? `Tie: ${b.winners.join(', ')}` : 'No winner') +
        ` (${b.goal === 'fewest' ? 'fewest' : 'most'} points wins)` : 'Not finished: the scorer says ' + (b.errors || '').split('\n')[0]));
    // The move list, round by round; each move jumps there.
    let n = 0;
    moves.replaceChildren(...b.rounds.map((rd, i) => el('div', {class: 'round' + (i === b.round ? ' shown' : '')},
      el('button', {type: 'button', class: 'link', onclick: () => act({round: i})}, `Round ${i + 1}`),
      el('ol', {}, rd.moves.map((m, j) => { const k = ++n; const why = doubts.get(`${i}:${j}`); return el('li', why ? {class: 'doubt', title: `read in doubt: ${why}`} : {}, el('button', {type: 'button', class: 'link' + (k === b.played ? ' here' : ''), 'aria-label': `jump to move ${k}: ${m}${why ? ' (read in doubt: ' + why + ')' : ''}`, onclick: () => act({upto: k}, () => full)}, m)); }),
        b.refused && b.refused.round === i ? [el('li', {class: 'refused', id: 'refused-move'}, el('span', {}, b.refused.text), ' ', el('small', {}, b.refused.message))] : [],
        b.refused && b.refused.round === i ? b.unplayed.slice(1).map(m => el('li', {class: 'unplayed'}, m)) : []))));
    scrollToHere();
  }

  function scrollToHere() {
    const here = moves.querySelector('.here');
    if (here) moves.scrollTop = Math.max(0, here.offsetTop - moves.clientHeight / 2);
  }

  function swatch(b, i) {
    return el('span', {class: 'swatch', style: `background:${b.colours[i]}`, 'aria-hidden': 'true'});
  }
  const inks = ['orange', 'blue', 'green', 'purple', 'olive', 'grey', 'teal', 'brown'];
  const inkName = i => inks[i % inks.length];

  // act sends an action on the current transcript, or on from (the line
  // of play, for undo, redo and jump). A new move or round starts the line
  // of play again from the answer.
  // extra and from may be functions, read when the action's turn comes.
  function act(extra, from) {
    replaying++;
    return enqueue(() => actNow(typeof extra === 'function' ? extra() : extra, typeof from === 'function' ? from() : from));
  }
  async function actNow(extra, from) {
    if (!cur || !extra) return;
    const before = cur.transcript;
    const b = await send({transcript: from ?? cur.transcript, ...extra});
    if (!b) return;
    lastMove = extra.new_round ? '' : extra.move || '';
    render(b, from == null && b.transcript !== before);
  }

  function click(name) {
    replaying++;
    return enqueue(() => {
      if (!cur) return;
      if (cur.round !== cur.playing) return actNow({}); // back to the round being played
      if (cur.over) return;
      return actNow({picks: [...picks, name]});
    });
  }

  stage.addEventListener('click', e => {
    const t = e.target.closest('.target');
    if (t) return click(t.dataset.name);
    const svg = stage.querySelector('svg');
    if (!svg) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
    click(`@${Math.round(p.x)},${Math.round(p.y)}`);
  });
  stage.addEventListener('keydown', e => {
    const t = e.target.closest('.target');
    if (t && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); click(t.dataset.name); }
  });
  document.addEventListener('keydown', e => {
    if (game.hidden || e.target.matches('input, textarea, select')) return;
    if (e.key === 'Escape' && picks.length) { act({}); }
    if (e.key === 'u') undo.click();
    if (e.key === 'r') redo.click();
  });
  moveForm.addEventListener('submit', async e => {
    e.preventDefault();
    const m = moveInput.value.trim();
    if (!m) return;
    moveInput.value = '';
    await act({move: m});
    if (cur && cur.refused && !moveInput.value) moveInput.value = m; // to correct it
  });
  undo.addEventListener('click', () => act(() => cur && cur.played > 0 && {upto: cur.played - 1}, () => full));
  redo.addEventListener('click', () => act(() => cur && cur.played < fullPlayed && {upto: cur.played + 1}, () => full));
  newRound.addEventListener('click', () => act(() => again.has(lastMove) ? {new_round: true, move: lastMove} : {new_round: true}));
  hintBox.addEventListener('change', () => { hint = hintBox.checked; if (cur) render(cur, false); });
  exportBtn.addEventListener('click', () => save(new Blob([cur.transcript], {type: 'application/yaml'}), `${cur.game}.yaml`));
  const picture = async format => {
    const r = await fetch(`/api/score?format=${format}`, {method: 'POST', body: cur.transcript});
    if (!r.ok) return fail(await errorText(r));
    save(await r.blob(), `${cur.game}-scored.${format}`);
  };
  pdfBtn.addEventListener('click', () => picture('pdf'));
  svgBtn.addEventListener('click', () => picture('svg'));

  startForm.addEventListener('submit', async e => {
    e.preventDefault();
    const gid = startForm.querySelector('#start-game').value;
    const ps = {};
    for (const i of startForm.querySelectorAll('#start-params input')) if (i.value.trim()) ps[i.name] = i.value.trim();
    const players = startForm.querySelector('#start-names').value.split(',').map(s => s.trim()).filter(Boolean);
    const r = await fetch('/api/board/new', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game: gid, players, params: ps})});
    if (!r.ok) { game.hidden = false; return fail(await errorText(r)); }
    const b = await r.json();
    render(b, true);
    stage.querySelector('.target')?.focus();
  });

  // Import: the whole transcript is replayed; a refused move is shown at
  // its place in the move list, with the scorer's message.
  let replaying = 0; // the replay under way; any other action stops it
  async function load(text) {
    const mine = ++replaying;
    const b = await enqueue(async () => {
      cur = {transcript: text};
      const b = await send({transcript: text});
      if (b) render(b, true);
      return b;
    });
    if (!b) return;
    if (replayBox.checked && b.played > 0 && mine === replaying) {
      stage.dataset.replaying = 'yes';
      // Each step takes its turn in the queue; any other action stops it.
      for (let k = 0; k <= b.played && mine === replaying; k++) {
        const s = await enqueue(() => mine === replaying ? send({transcript: b.transcript, upto: k}) : null);
        if (!s || mine !== replaying) break;
        render(s, false);
        await new Promise(r => setTimeout(r, 150));
      }
      if (mine === replaying) render(b, true);
      delete stage.dataset.replaying;
    }
    if (b.refused) document.querySelector('#refused-move')?.scrollIntoView({block: 'nearest'});
  }
  importBtn.addEventListener('click', () => load(importText.value));
  importFile.addEventListener('change', async () => { if (importFile.files[0]) { importText.value = await importFile.files[0].text(); load(importText.value); } });
  const main = document.getElementById('view');
  main.addEventListener('dragover', e => { e.preventDefault(); main.classList.add('dropping'); });
  main.addEventListener('dragleave', () => main.classList.remove('dropping'));
  main.addEventListener('drop', async e => {
    e.preventDefault();
    main.classList.remove('dropping');
    const f = e.dataTransfer.files[0];
    if (f) { importText.value = await f.text(); load(importText.value); }
  });
  if (g && query.has('start')) startForm.requestSubmit();
  // A transcript read from a photo (the Read a photo page): replayed here,
  // its doubtful moves marked.
  const read = sessionStorage.getItem('papergames-import');
  if (read) {
    sessionStorage.removeItem('papergames-import');
    const {transcript, doubts: ds} = JSON.parse(read);
    doubts = new Map(ds.filter(d => d.move >= 0).map(d => [`${d.round}:${d.move}`, d.why]));
    importText.value = transcript;
    replayBox.checked = false;
    load(transcript);
  }
}

// boardLabel labels a board parameter on the start form: what it counts,
// without the usage's advice on printing (paper sizes, record forms),
// which is the designer's business; and its range.
function boardLabel(p) {
  const what = p.usage.split(/ \(|: |; /)[0];
  return `${what.charAt(0).toUpperCase() + what.slice(1)} (${p.min} to ${p.max})`;
}

function save(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
