import { h } from '../../runtime/ui/h.js';
import { appBar, body, field, button, section, row } from '../../runtime/ui/kit.js';

/** Render the answer form, or the submitted answers. */
export function render(api) {
  const { data, ui } = api.state;
  if (ui.screen === 'done') {
    return h('div.app', null, appBar(api, 'Answers submitted'),
      body('answersheet:done', section('Your answers'),
        data.fields.map((f) => row({ id: `answer:${f.name}`, title: f.label, subtitle: String(data.values[f.name] ?? '') }))),
      h('div.actions-bar', null, button('Edit answers', { id: 'btn:edit', kind: 'secondary', onclick: () => api.dispatch({ type: 'edit' }) })));
  }
  return h('div.app', null, appBar(api, 'Answers'),
    body('answersheet:form', section('Fill in what the task asks'),
      data.fields.map((f) => field(api, f.name, f.label, { type: f.type === 'number' ? 'text' : 'text' }))),
    h('div.actions-bar', null, button('Submit', { id: 'btn:submit', onclick: () => api.dispatch({ type: 'submit' }) })));
}
