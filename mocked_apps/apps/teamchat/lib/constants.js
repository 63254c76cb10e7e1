// Murmur's constants: channel-name rules, text limits and the reaction codes.

/** Channel names: lowercase letters and digits in words joined by single hyphens. */
export const NAME_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const NAME_MAX = 40;
export const TOPIC_MAX = 120;
export const TEXT_MAX = 2000;

/** The fixed reaction set (codes); labels and glyphs come from the world / the view. */
export const CODES = ['thumbs', 'heart', 'smile', 'tada', 'eyes', 'check'];
