// Time units in virtual ms, shared by the Clock's selectors and reducer.

export const DAY = 86400000;
export const MIN = 60000;
