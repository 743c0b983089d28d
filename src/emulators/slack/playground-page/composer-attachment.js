// The composer's file attachment, as Slack's "Upload from your computer": a "+" button, the hidden
// file picker it opens, and a chip above the text naming the attached file (× removes it).

import { h } from './dom.js';

/** onChange(): called whenever the attachment changes. → { button, picker, chip, file(), set(file|null), clear() } */
export /** The "+" button, its hidden file picker and the chip of the attached file (× removes it). */
function createAttachment(onChange) {
  let current = null;
  const picker = h('input', { type: 'file', class: 'composer-file-input', hidden: true, 'aria-hidden': 'true', tabindex: '-1' });
  const button = h('button', { type: 'button', class: 'composer-attach', 'aria-label': 'Attach a file', title: 'Attach a file' }, '+');
  const chip = h('div', { class: 'composer-attachment', hidden: true });
  const draw = () => {
    chip.hidden = current === null;
    chip.replaceChildren(
      ...(current === null
        ? []
        : [
            h('span', { class: 'composer-attachment-name' }, `📄 ${current.name}`),
            h(
              'button',
              {
                type: 'button',
                class: 'composer-attachment-remove',
                'aria-label': `Remove ${current.name}`,
                title: 'Remove',
                onclick: () => set(null),
              },
              '×',
            ),
          ]),
    );
    onChange();
  };
  const set = (file) => {
    current = file;
    draw();
  };
  button.addEventListener('click', () => picker.click());
  picker.addEventListener('change', () => {
    set(picker.files?.[0] ?? null);
    picker.value = '';
  });
  return { button, picker, chip, file: () => current, set, clear: () => set(null) };
}
