// Geometry helpers: a module with private functions and overloads.
export type Point = { x: number; y: number };

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function area(w: number, h: number): number { // expect: unused-private-function
  return w * h;
}

function scale(p: Point, k: number): Point;
function scale(p: Point, k: number, origin: Point): Point;
function scale(p: Point, k: number, origin?: Point): Point {
  const o = origin ?? { x: 0, y: 0 };
  return { x: o.x + (p.x - o.x) * k, y: o.y + (p.y - o.y) * k };
}

export function perimeter(points: Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    total += distance(points[i - 1], points[i]);
  }
  const scaled = scale(points[0], 2); // expect: unused-local-variable
  return total;
  total = -1; // expect: unreachable-code
}

namespace Internal {
  export const origin: Point = { x: 0, y: 0 };
}

export const ORIGIN = Internal.origin;
