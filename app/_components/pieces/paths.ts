/**
 * Tiny helpers for building and transforming SVG path data (absolute commands only).
 * All artwork is drawn in a 100×100 box, ground line at y = 92.
 */

const fmt = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
};

/** A circle as path data (two arcs), so every shape of a piece is a <path>. */
export function circle(cx: number, cy: number, r: number): string {
  return `M${fmt(cx - r)} ${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx + r)} ${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 1 1 ${fmt(cx - r)} ${fmt(cy)}Z`;
}

/** An ellipse as path data. */
export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${fmt(cx - rx)} ${fmt(cy)}A${fmt(rx)} ${fmt(ry)} 0 1 1 ${fmt(cx + rx)} ${fmt(cy)}A${fmt(rx)} ${fmt(ry)} 0 1 1 ${fmt(cx - rx)} ${fmt(cy)}Z`;
}

/** A regular octagon centred on (cx, cy), flat at top, bottom and sides, `half` its half-width. */
export function octagon(cx: number, cy: number, half: number): string {
  const c = half * Math.tan(Math.PI / 8);
  const p: Array<[number, number]> = [
    [cx - c, cy - half], [cx + c, cy - half], [cx + half, cy - c], [cx + half, cy + c],
    [cx + c, cy + half], [cx - c, cy + half], [cx - half, cy + c], [cx - half, cy - c],
  ];
  return "M" + p.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L") + "Z";
}

/**
 * A band between two outlines of one shape (a circle unless `shape` says otherwise), as one
 * path filled by the nonzero rule: the inner outline is the outer one run backwards.
 */
export function ring(cx: number, cy: number, outer: number, inner: number, shape: (cx: number, cy: number, r: number) => string = circle): string {
  return shape(cx, cy, outer) + reversePath(shape(cx, cy, inner));
}

/** An outline from circle() or octagon() run the other way round (a hole in a filled shape). */
function reversePath(d: string): string {
  // circle(): two half arcs, swept the other way; octagon(): the corners in reverse order.
  if (d.includes("A")) return d.replace(/ 0 1 1 /g, " 0 1 0 ");
  return "M" + d.replace(/^M|Z$/g, "").split("L").reverse().join("L") + "Z";
}

/** A rounded rectangle as path data. */
export function rrect(x: number, y: number, w: number, h: number, r: number): string {
  const rr = Math.min(r, w / 2, h / 2);
  return (
    `M${fmt(x + rr)} ${fmt(y)}H${fmt(x + w - rr)}A${fmt(rr)} ${fmt(rr)} 0 0 1 ${fmt(x + w)} ${fmt(y + rr)}` +
    `V${fmt(y + h - rr)}A${fmt(rr)} ${fmt(rr)} 0 0 1 ${fmt(x + w - rr)} ${fmt(y + h)}` +
    `H${fmt(x + rr)}A${fmt(rr)} ${fmt(rr)} 0 0 1 ${fmt(x)} ${fmt(y + h - rr)}` +
    `V${fmt(y + rr)}A${fmt(rr)} ${fmt(rr)} 0 0 1 ${fmt(x + rr)} ${fmt(y)}Z`
  );
}

/** A Greek cross centred on (cx, cy): arm half-length `a`, half-thickness `t`. */
export function cross(cx: number, cy: number, a: number, t: number): string {
  const p: Array<[number, number]> = [
    [cx - t, cy - a], [cx + t, cy - a], [cx + t, cy - t], [cx + a, cy - t],
    [cx + a, cy + t], [cx + t, cy + t], [cx + t, cy + a], [cx - t, cy + a],
    [cx - t, cy + t], [cx - a, cy + t], [cx - a, cy - t], [cx - t, cy - t],
  ];
  return "M" + p.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L") + "Z";
}

/**
 * Scales and moves absolute path data: x' = x·sx + tx, y' = y·sy + ty.
 * Supports M L H V C S Q T A Z (absolute). A negative sx or sy mirrors (arc sweep flips).
 */
export function transformPath(d: string, sx: number, tx: number, ty: number, sy: number = sx): string {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  let out = "";
  let i = 0;
  let cmd = "";
  const X = (v: number) => fmt(v * sx + tx);
  const Y = (v: number) => fmt(v * sy + ty);
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const t = tokens[i];
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd !== cmd.toUpperCase()) throw new Error(`transformPath: relative command ${cmd} not supported`);
      out += cmd;
      if (cmd === "Z") continue;
    } else {
      out += " ";
    }
    switch (cmd) {
      case "M": case "L": case "T":
        out += `${X(num())} ${Y(num())}`;
        break;
      case "H":
        out += X(num());
        break;
      case "V":
        out += Y(num());
        break;
      case "C":
        out += `${X(num())} ${Y(num())} ${X(num())} ${Y(num())} ${X(num())} ${Y(num())}`;
        break;
      case "S": case "Q":
        out += `${X(num())} ${Y(num())} ${X(num())} ${Y(num())}`;
        break;
      case "A": {
        const rx = num() * Math.abs(sx);
        const ry = num() * Math.abs(sy);
        const rot = num();
        const large = num();
        let sweep = num();
        if (sx * sy < 0) sweep = 1 - sweep;
        out += `${fmt(rx)} ${fmt(ry)} ${fmt(rot)} ${large} ${sweep} ${X(num())} ${Y(num())}`;
        break;
      }
      case "Z":
        break;
      default:
        throw new Error(`transformPath: unsupported command ${cmd}`);
    }
  }
  return out;
}
