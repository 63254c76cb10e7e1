// Murmur's reducer cases for channels: join, leave, create, topic, adding and removing members.

import { TOPIC_MAX } from './constants.js';
import { userById, userName, isMember, joinedChannels, validateChannel } from './select.js';
import { markRead, clearTransient, openConversation, newId, deny, current, paneChannel, joinableChannel } from './helpers.js';

/** Apply a channel action (see README.md); undefined for actions of other parts. */
export function reduceChannels(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  const me = data.me;
  switch (action.type) {
    case 'join': {
      const channel = joinableChannel(state, action.id);
      if (!channel || channel.kind !== 'channel') return state;
      if (channel.private && !channel.members.includes(me)) return deny(state, 'Private channels are invite-only');
      if (!channel.members.includes(me)) channel.members.push(me);
      markRead(data, world, me, channel.id);
      if (ui.screen !== 'channel' || ui.channel !== channel.id) openConversation(state, ctx, channel.id);
      return state;
    }
    case 'leave': {
      const channel = paneChannel(state, action.id);
      if (!channel || channel.kind !== 'channel' || !channel.members.includes(me)) return state;
      if (channel.general) return deny(state, `Everyone stays in #${channel.name}`);
      if (channel.creator === me) return deny(state, `You created #${channel.name}, so you can't leave it`);
      channel.members = channel.members.filter((u) => u !== me);
      const general = data.channels.find((c) => c.general) || joinedChannels(data, me)[0];
      if (channel.private || ui.channel === channel.id) {
        ui.stack = [];
        if (general) openConversation(state, ctx, general.id);
      }
      return state;
    }
    case 'new_channel':
      clearTransient(ui);
      Object.assign(ui, { dialog: 'create', newPrivate: false });
      ui.drafts['channel-name'] = '';
      ui.drafts['channel-topic'] = '';
      return state;
    case 'toggle_private':
      if (ui.dialog !== 'create') return state;
      ui.newPrivate = typeof action.value === 'boolean' ? action.value : !ui.newPrivate;
      return state;
    case 'create_channel': {
      if (ui.dialog !== 'create' && action.name === undefined) return state;
      const { values, errors } = validateChannel(data, action.name ?? ui.drafts['channel-name'], action.topic ?? ui.drafts['channel-topic']);
      if (Object.keys(errors).length) {
        ui.errors = errors;
        return state;
      }
      const priv = typeof action.private === 'boolean' ? action.private : Boolean(ui.newPrivate);
      const channel = { id: newId(data, ctx, 'ch'), name: values.name, kind: 'channel', private: priv, topic: values.topic,
        creator: me, created: new Date(ctx.now).toISOString().slice(0, 10), members: [me] };
      data.channels.push(channel);
      delete ui.drafts['channel-name'];
      delete ui.drafts['channel-topic'];
      ui.dialog = null;
      ui.newPrivate = false;
      openConversation(state, ctx, channel.id);
      ui.pane = 'details';
      return state;
    }
    case 'edit_topic': {
      const channel = current(state);
      if (!channel || channel.kind !== 'channel') return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to change its topic`);
      ui.editingTopic = true;
      ui.drafts.topic = channel.topic || '';
      ui.errors = {};
      return state;
    }
    case 'save_topic': {
      const channel = current(state);
      if (!channel || channel.kind !== 'channel' || !ui.editingTopic) return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to change its topic`);
      const topic = String(action.topic ?? ui.drafts.topic ?? '').trim();
      if (topic.length > TOPIC_MAX) {
        ui.errors = { topic: `Topics can have at most ${TOPIC_MAX} characters` };
        return state;
      }
      channel.topic = topic;
      ui.editingTopic = false;
      ui.errors = {};
      delete ui.drafts.topic;
      return state;
    }
    case 'cancel_topic':
      ui.editingTopic = false;
      ui.errors = {};
      delete ui.drafts.topic;
      return state;
    case 'add_people':
      if (!current(state)) return state;
      ui.adding = !ui.adding;
      ui.pane = 'details';
      return state;
    case 'add_member': {
      const channel = ui.adding ? paneChannel(state, action.channel) : null;
      if (!channel || channel.kind !== 'channel' || !userById(world, action.user)) return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to add people`);
      if (!channel.members.includes(action.user)) channel.members.push(action.user);
      return state;
    }
    case 'remove_member': {
      const channel = paneChannel(state, action.channel);
      if (!channel || channel.kind !== 'channel' || !channel.members.includes(action.user)) return state;
      if (channel.creator !== me) {
        return deny(state, `Only the channel creator, ${userName(world, channel.creator)}, can remove members`);
      }
      if (action.user === me) return deny(state, "You can't remove yourself from a channel you created");
      ui.dialog = 'remove';
      ui.target = action.user;
      return state;
    }
    case 'confirm_remove': {
      const channel = ui.pane === 'details' ? current(state) : null;
      const user = ui.target;
      const ok = ui.dialog === 'remove' && channel && channel.creator === me && user !== me && channel.members.includes(user);
      ui.dialog = null;
      ui.target = null;
      if (ok) channel.members = channel.members.filter((u) => u !== user);
      return state;
    }
    default:
      return undefined;
  }
}
