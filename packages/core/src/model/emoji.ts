/** Default badge emoji (spec sections 2 and 3): lightning, clipboard for send_workflow, globe for see_website. */
export const LIGHTNING = '\u26A1';
export const CLIPBOARD = '\u{1F4CB}';
export const GLOBE = '\u{1F310}';
/** The plug of mcp_tool: a tool plugged in from an MCP server. */
export const PLUG = '\u{1F50C}';
