/** Context menu window margin (spec section 9: 220x300 px, 10 px margin; menus.css has the size). */
export const MENU_MARGIN = 10;
