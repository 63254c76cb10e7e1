// Murmur's dialogs: create a channel, delete a message, remove a member.

import { h } from '../../../runtime/ui/h.js';
import { dialog, field } from '../../../runtime/ui/kit.js';
import { userName, findChannel, findMessage } from '../lib/select.js';

function createDialog(api) {
  const { ui } = api.state;
  const err = (k) => (ui.errors[k] ? h('div.tc-error', { 'data-gym': `error:${k}` }, ui.errors[k]) : null);
  return h('div.tc-scrim', null, h('div.tc-dialog', { role: 'dialog' },
    h('div.tc-dialog-title', null, 'Create a channel'),
    field(api, 'channel-name', 'Name', { placeholder: 'e.g. plan-budget' }),
    h('div.tc-hint', null, 'Lowercase letters, digits and single hyphens; at most 40 characters.'),
    err('name'),
    field(api, 'channel-topic', 'Topic (optional)', { placeholder: 'What is this channel about?' }),
    err('topic'),
    h('div.tc-toggle', { 'data-gym': 'toggle:private', role: 'switch', 'aria-checked': String(Boolean(ui.newPrivate)),
      onclick: () => api.dispatch({ type: 'toggle_private' }) },
    h('div', null, h('div.tc-toggle-title', null, 'Make private'), h('div.tc-hint', null, 'Only invited members can find and read it.')),
    h('div.switch' + (ui.newPrivate ? '.on' : ''), null, h('div.knob'))),
    h('div.tc-dialog-btns', null,
      h('button.tc-btn.secondary', { 'data-gym': 'btn:cancel', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.tc-btn', { 'data-gym': 'btn:create', onclick: () => api.dispatch({ type: 'create_channel' }) }, 'Create'))));
}

export function dialogs(api) {
  const { data, ui } = api.state;
  if (ui.dialog === 'create') return createDialog(api);
  if (ui.dialog === 'delete') {
    const m = findMessage(data, ui.target);
    return h('div.tc-dialog-wrap', null, dialog('Delete message?', `“${m ? m.text : ''}” will be deleted for everyone. This can't be undone.`, [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) }]));
  }
  if (ui.dialog === 'remove') {
    const channel = findChannel(data, ui.channel);
    return h('div.tc-dialog-wrap', null, dialog('Remove member?', `Remove ${userName(api.world, ui.target)} from #${channel ? channel.name : ''}? They lose access to ${channel && channel.private ? 'the channel and its history' : 'posting here'}.`, [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-remove', label: 'Remove', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_remove' }) }]));
  }
  return null;
}
