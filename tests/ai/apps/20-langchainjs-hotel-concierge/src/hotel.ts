export async function roomServiceMenu(): Promise<string[]> {
  const r = await fetch("https://pms.example.com/api/menu/today");
  return (await r.json()).items;
}

export async function bookTable(restaurant: string, time: string, guests: number): Promise<string> {
  const r = await fetch("https://pms.example.com/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ restaurant, time, guests }),
  });
  return r.ok ? "booked" : `failed (${r.status})`;
}
