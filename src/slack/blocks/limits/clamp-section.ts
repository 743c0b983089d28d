import type { SectionBlock } from '@slack/types';
import { ELLIPSIS } from '../clamp-text.js';
import { clampTextObject } from './clamp-text-object.js';
import { clampButton } from './clamp-elements.js';
import { SLACK_LIMITS } from './slack-limits.js';

export function clampSection(b: SectionBlock): SectionBlock {
  const out: SectionBlock = { ...b };
  if (b.text) out.text = clampTextObject(b.text, SLACK_LIMITS.sectionTextChars);
  if (b.fields) {
    let fields = b.fields.map((f) => clampTextObject(f, SLACK_LIMITS.sectionFieldChars));
    if (fields.length > SLACK_LIMITS.sectionFields) {
      const hidden = fields.length - (SLACK_LIMITS.sectionFields - 1);
      fields = [...fields.slice(0, SLACK_LIMITS.sectionFields - 1), { type: 'mrkdwn', text: `${ELLIPSIS}and ${hidden} more` }];
    }
    if (fields.length === 0) delete out.fields;
    else out.fields = fields;
  }
  if (!out.text && !out.fields) out.text = { type: 'mrkdwn', text: '—' };
  if (b.accessory?.type === 'button') out.accessory = clampButton(b.accessory);
  return out;
}
