// Murmur's reducer cases for messages: send and reply, reactions, pins, edit and delete.

import { TEXT_MAX, CODES } from './constants.js';
import { userById, findChannel, findMessage, dmId, isMember, replyCount } from './select.js';
import { deny, cleanText, mayTouch, post, shownMessage } from './helpers.js';

/** Apply a message action (see README.md); undefined for actions of other parts. */
export function reduceMessages(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  const me = data.me;
  switch (action.type) {
    case 'send':
    case 'reply': {
      const key = action.type === 'send' ? 'compose' : 'reply';
      const text = cleanText(action.text ?? ui.drafts[key]);
      if (!text) return state;
      if (text.length > TEXT_MAX) return deny(state, `Messages can have at most ${TEXT_MAX} characters`);
      let channel;
      let parent = null;
      if (action.type === 'reply') {
        // The thread open in the side pane: its composer is the only reply box.
        const root = ui.pane === 'thread' ? shownMessage(state, action.id ?? ui.thread, ['thread']) : null;
        if (!root || root.parent || root.id !== ui.thread) return state;
        if (!mayTouch(state, root)) return state;
        channel = findChannel(data, root.channel);
        parent = root.id;
      } else {
        if (ui.screen !== 'channel') return state;
        channel = findChannel(data, ui.channel);
        if (!channel && ui.dm && userById(world, ui.dm)) {
          channel = { id: dmId(me, ui.dm), kind: 'dm', members: ui.dm === me ? [me] : [me, ui.dm].sort() };
          data.channels.push(channel);
        }
        if (!channel) return state;
        if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to post here`);
      }
      post(state, ctx, channel, text, parent);
      ui.drafts[key] = '';
      return state;
    }
    case 'react': {
      const m = shownMessage(state, action.id);
      if (!m || !CODES.includes(action.code)) return state;
      if (!mayTouch(state, m)) return state;
      const reactions = { ...(m.reactions || {}) };
      const users = [...(reactions[action.code] || [])];
      const on = typeof action.value === 'boolean' ? action.value : !users.includes(me);
      const next = users.filter((u) => u !== me);
      if (on) next.push(me);
      if (next.length) reactions[action.code] = next;
      else delete reactions[action.code];
      if (Object.keys(reactions).length) m.reactions = reactions;
      else delete m.reactions;
      ui.picker = null;
      return state;
    }
    case 'open_picker': {
      const m = shownMessage(state, action.id);
      if (!m) return state;
      ui.picker = ui.picker === m.id ? null : m.id;
      ui.menu = null;
      return state;
    }
    case 'close_picker':
      ui.picker = null;
      return state;
    case 'pin': {
      const m = shownMessage(state, action.id, ['main', 'thread', 'pins']);
      if (!m) return state;
      if (!mayTouch(state, m)) return state;
      const on = typeof action.value === 'boolean' ? action.value : !m.pinned;
      if (on) m.pinned = m.pinned || me;
      else delete m.pinned;
      return state;
    }
    case 'edit': {
      const m = shownMessage(state, action.id);
      if (!m) return state;
      if (m.author !== me) return deny(state, 'You can only edit your own messages');
      if (!mayTouch(state, m)) return state;
      ui.editing = m.id;
      ui.focus = m.id;
      ui.picker = null;
      ui.drafts.edit = m.text;
      ui.errors = {};
      return state;
    }
    case 'save_edit': {
      const m = findMessage(data, ui.editing);
      if (!m) {
        ui.editing = null;
        return state;
      }
      if (m.author !== me) {
        ui.editing = null;
        return deny(state, 'You can only edit your own messages');
      }
      const text = cleanText(action.text ?? ui.drafts.edit);
      if (!text) {
        ui.errors = { edit: "A message can't be empty. Delete it instead." };
        return state;
      }
      if (text.length > TEXT_MAX) {
        ui.errors = { edit: `Messages can have at most ${TEXT_MAX} characters` };
        return state;
      }
      if (text !== m.text) {
        m.text = text;
        m.edited = true;
      }
      ui.editing = null;
      ui.errors = {};
      delete ui.drafts.edit;
      return state;
    }
    case 'cancel_edit':
      ui.editing = null;
      ui.errors = {};
      delete ui.drafts.edit;
      return state;
    case 'delete': {
      const m = shownMessage(state, action.id);
      if (!m || m.deleted) return state;
      if (m.author !== me) return deny(state, 'You can only delete your own messages');
      ui.dialog = 'delete';
      ui.target = m.id;
      ui.picker = null;
      return state;
    }
    case 'confirm_delete': {
      const m = findMessage(data, ui.target);
      const ok = ui.dialog === 'delete' && m && m.author === me && !m.deleted;
      ui.dialog = null;
      ui.target = null;
      if (!ok) return state;
      if (!m.parent && replyCount(data, m.id) > 0) {
        // A thread root with replies stays as a placeholder so the thread keeps its place.
        m.deleted = true;
        m.text = '';
        delete m.reactions;
        delete m.pinned;
        delete m.edited;
      } else {
        data.messages = data.messages.filter((x) => x.id !== m.id);
        // A placeholder root only stands for its replies: with the last one gone, it goes too.
        const root = m.parent ? findMessage(data, m.parent) : null;
        if (root && root.deleted && replyCount(data, root.id) === 0) data.messages = data.messages.filter((x) => x.id !== root.id);
        const closed = m.parent ? (root && !findMessage(data, root.id) ? root.id : null) : m.id;
        if (closed && ui.thread === closed) Object.assign(ui, { pane: null, thread: null });
      }
      if (ui.focus === m.id) ui.focus = null;
      if (ui.editing === m.id) ui.editing = null;
      return state;
    }
    default:
      return undefined;
  }
}
