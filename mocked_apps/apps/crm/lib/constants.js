// Tidewell's fixed vocabularies: lead statuses, sources, stages and their probabilities, reasons, activity kinds, screens, sorts, wizard steps.

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'disqualified', 'converted'];
export const OPEN_LEAD = ['new', 'contacted', 'qualified'];
export const LEAD_LABEL = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', disqualified: 'Disqualified', converted: 'Converted' };
export const SOURCE_LABEL = { 'web': 'Web form', 'referral': 'Referral', 'event': 'Event', 'partner': 'Partner', 'cold-call': 'Cold call' };
export const DQ_REASONS = ['no-budget', 'no-need', 'competitor', 'unresponsive', 'duplicate'];
export const DQ_LABEL = { 'no-budget': 'No budget', 'no-need': 'No need', 'competitor': 'Chose a competitor', 'unresponsive': 'Unresponsive', 'duplicate': 'Duplicate' };
export const STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'];
export const OPEN_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'];
export const STAGE_LABEL = {
  prospecting: 'Prospecting', qualification: 'Qualification', proposal: 'Proposal', negotiation: 'Negotiation',
  closed_won: 'Closed won', closed_lost: 'Closed lost',
};
export const STAGE_PROB = { prospecting: 10, qualification: 25, proposal: 50, negotiation: 75, closed_won: 100, closed_lost: 0 };
export const OPP_TYPES = ['new', 'upsell', 'renewal'];
export const TYPE_LABEL = { new: 'New business', upsell: 'Upsell', renewal: 'Renewal' };
export const LOST_REASONS = ['price', 'competitor', 'timing', 'no-decision', 'features'];
export const LOST_LABEL = { 'price': 'Price', 'competitor': 'Competitor', 'timing': 'Timing', 'no-decision': 'No decision', 'features': 'Missing features' };
export const ACT_KINDS = ['call', 'meeting', 'email', 'note'];
export const ACT_LABEL = { call: 'Call', meeting: 'Meeting', email: 'Email', note: 'Note' };
export const LIST_SCREENS = ['leads', 'accounts', 'contacts', 'opps', 'pipeline'];
export const LEAD_SORT = ['name', 'company', 'source', 'status', 'owner', 'created'];
export const OPP_SORT = ['name', 'account', 'stage', 'amount', 'close', 'probability', 'owner'];
/** Longest texts the forms accept: person names, company / account / deal names and job titles, a deal's next step. */
export const MAX_LEN = { person: 40, name: 80, next: 120 };
/** Conversion wizard steps. */
export const STEPS = ['contact', 'account', 'opportunity', 'review'];

export const DAY_MS = 86400000;
