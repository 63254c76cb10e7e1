// Cairn's constants: statuses, priorities, types, the workflow graph, point scale, backlog fields.

export const STATUSES = ['todo', 'in_progress', 'in_review', 'done'];
export const STATUS_LABEL = { todo: 'To do', in_progress: 'In progress', in_review: 'In review', done: 'Done' };
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'];
export const PRIORITY_LABEL = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
export const TYPE_LABEL = { story: 'Story', bug: 'Bug', task: 'Task', epic: 'Epic', subtask: 'Subtask' };
/** Types an issue can be switched between (epics and subtasks keep their type). */
export const WORK_TYPES = ['story', 'bug', 'task'];
/** Story points must be one of these. */
export const POINT_SCALE = [0, 1, 2, 3, 5, 8, 13, 21];
/** The workflow graph: status -> statuses it may move to. */
export const TRANSITIONS = {
  todo: ['in_progress'],
  in_progress: ['todo', 'in_review'],
  in_review: ['in_progress', 'done'],
  done: ['in_progress'],
};
export const TITLE_MAX = 120;
/** Descriptions and comments: at most this many characters. */
export const TEXT_MAX = 2000;
export const FILTER_FIELDS = ['type', 'status', 'assignee', 'priority', 'sprint', 'label'];
export const SORT_COLUMNS = ['key', 'title', 'type', 'status', 'priority', 'assignee', 'points', 'sprint'];
