/** Default badge emoji (spec sections 2 and 3): lightning, clipboard for send_workflow, globe for see_website. */
export const LIGHTNING = '\u26A1';
export const CLIPBOARD = '\u{1F4CB}';
export const GLOBE = '\u{1F310}';
