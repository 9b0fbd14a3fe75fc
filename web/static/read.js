// "Read a photo": a photo (the phone's camera opens from the file input)
// or a scan of a finished sheet goes to the server's reader; the page
// shows what was read drawn over the image, every doubt, and the
// transcript, which opens on the scoring board with the doubtful moves
// marked, for a person to confirm or correct by clicking before scoring.

export async function readPage({el, show, errorText}) {
  const file = el('input', {type: 'file', id: 'read-file', multiple: true, accept: 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf', capture: 'environment', 'aria-label': 'photos or scans of a finished sheet'});
  const status = el('p', {class: 'status', id: 'read-status', role: 'status'});
  const out = el('section', {id: 'read-result'});
  // The pages chosen so far: a sheet's boards are on several pages, and a
  // phone's camera gives one photo a pick, so each pick adds its pages
  // and the sheet is read again with all of them.
  let chosen = [];
  const again = el('button', {type: 'button', class: 'plain', id: 'read-again', hidden: true, onclick: () => {
    chosen = [];
    file.value = '';
    again.hidden = true;
    status.textContent = '';
    out.replaceChildren();
  }}, 'Start again');
  show('Read a photo', el('h1', {}, 'Read a photo of a finished sheet'),
    el('p', {}, 'Photograph each page with a board, its four corner rings in the picture, flat and in good light, or choose a scan (PNG, JPEG or a scanned PDF of a few pages). ',
      'Add the sheet\'s pages one after another, or choose them together: they are read as one sheet, up to 4 pages. ',
      'The reader finds the rings and the code at the top right, and reads every move from the pencil. Names are not read.'),
    el('div', {class: 'row'}, file, again), status, out);
  file.addEventListener('change', async () => {
    const picked = [...file.files];
    if (!picked.length) return;
    chosen = [...chosen, ...picked].slice(-4);
    again.hidden = false;
    const names = chosen.map(f => f.name).join(', ');
    status.textContent = `Reading ${names}…`;
    out.replaceChildren();
    const form = new FormData();
    chosen.forEach(f => form.append('file', f, f.name));
    const r = await fetch('/api/read', {method: 'POST', body: form});
    if (!r.ok) {
      status.textContent = '';
      out.replaceChildren(el('p', {class: 'error', id: 'read-error'}, await errorText(r)));
      chosen = chosen.filter(f => !picked.includes(f)); // keep the pages read before
      return;
    }
    const body = await r.json();
    body.pages ||= [];
    body.matches ||= [];
    body.notes ||= [];
    status.textContent = `${body.pages.length} page(s) read: ${names}. To add a page of the sheet, choose it too.`;
    out.replaceChildren(
      ...body.notes.map(n => el('p', {class: 'note'}, n)),
      ...body.matches.map((m, i) => match(m, i)),
      el('div', {class: 'pages'}, body.pages.map(p => el('figure', {class: 'overlay'},
        p.overlay ? el('img', {src: p.overlay, alt: `what was read on ${p.name}`}) : '',
        el('figcaption', {class: p.error ? 'error' : ''}, p.error || p.note ? `${p.name}: ${p.error || p.note}` :
          `${p.name}: page ${p.page} of ${p.pages} of board ${p.board}, registered to ${p.residual_mm.toFixed(2)} mm; ${p.moves} moves read, ${p.doubts} in doubt`)))));
  });

  // A problem of the whole match ("round 2: its board was not ...") is a
  // line of its own in the list.
  function sentence(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  function match(m, i) {
    m.doubts ||= [];
    const open = el('a', {class: 'button', id: `read-open-${i}`, href: `#/board/${m.game}`, onclick: () => {
      sessionStorage.setItem('papergames-import', JSON.stringify({transcript: m.transcript, doubts: m.doubts}));
    }}, 'Open on the scoring board');
    const save = el('button', {type: 'button', class: 'plain', onclick: () => {
      const a = el('a', {href: URL.createObjectURL(new Blob([m.transcript], {type: 'text/yaml'})), download: `${m.game}-${m.board}.yaml`});
      a.click();
    }}, 'Download transcript');
    return el('article', {class: 'read-match', id: `read-match-${i}`},
      el('h2', {}, `${m.title}, board ${m.board}`),
      m.doubts.length ? el('div', {class: 'doubts'}, el('p', {class: 'error'}, `${m.doubts.length} doubt(s): check them on the board before scoring.`),
        el('ul', {}, m.doubts.map(d => el('li', {}, d.move >= 0 ? `Round ${d.round + 1}, move ${d.move + 1} (${d.text}): ${d.why}` : d.round >= 0 ? `Round ${d.round + 1}: ${d.why}` : sentence(d.why)))))
        : el('p', {class: 'okay'}, 'Every move read without doubt.'),
      el('div', {class: 'row'}, open, save),
      el('details', {}, el('summary', {}, 'Transcript'), el('pre', {}, m.transcript)));
  }
}
