/**
 * A minimal SVG element tree. The board is drawn once as plain data; React renders it
 * (server or client) and `toSvgString` serialises it without React (for board.svg routes).
 */
export type AttrValue = string | number | undefined | null | false;
/** `key` is for React only (never serialised). */
export interface SvgNode {
  tag: string;
  attrs: Record<string, AttrValue>;
  children: SvgChild[];
}
export type SvgChild = SvgNode | string;

export function h(tag: string, attrs: Record<string, AttrValue> = {}, ...children: Array<SvgChild | null | false | undefined>): SvgNode {
  return { tag, attrs, children: children.filter((c): c is SvgChild => c !== null && c !== false && c !== undefined) };
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

export function toSvgString(node: SvgChild): string {
  if (typeof node === "string") return escapeText(node);
  let out = `<${node.tag}`;
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === undefined || v === null || v === false || k === "key") continue;
    out += ` ${k}="${escapeAttr(String(v))}"`;
  }
  if (node.children.length === 0) return out + "/>";
  return out + ">" + node.children.map(toSvgString).join("") + `</${node.tag}>`;
}
