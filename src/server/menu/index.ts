// The add-on menu: its items and what each one does.
export { menuHandlers } from "./handlers";
export { MENU_ITEMS } from "./items";
