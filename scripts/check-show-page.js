// The check of scripts/check-show-page.sh, run by headless Chromium on a
// page that holds the screenshots (as <img>) and SHOTS: for each, where the
// board is on it (left, top, cell, width, height, as the page's body said)
// and the colours `colorwalk show --cell-colors` gives for its cells. Each
// cell's centre pixel must have its colour (within 2 per channel); a shot
// marked `differs` (a screenshot compared with another frame's colours)
// must not match, which shows that the check can fail. The verdict is
// written into #verdict for --dump-dom.
"use strict";
window.addEventListener("load", () => {
  const lines = [];
  let failed = 0;
  for (const shot of SHOTS) {
    const img = document.getElementById(shot.image);
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const [left, top, cell, width, height] = shot.board;
    const want = shot.colors.trim().split(/\s+/);
    let differ = want.length === width * height ? 0 : width * height;
    let first =
      want.length === width * height ? "" : want.length + " colours for " + width * height + " cells";
    for (let row = 0; row < height && want.length === width * height; row++) {
      for (let col = 0; col < width; col++) {
        const x = left + col * cell + Math.floor(cell / 2);
        const y = top + row * cell + Math.floor(cell / 2);
        const hex = want[row * width + col];
        const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        const o = (y * canvas.width + x) * 4;
        const inside = x < canvas.width && y < canvas.height;
        const got = inside ? [px[o], px[o + 1], px[o + 2]] : null;
        if (got && got.every((v, i) => Math.abs(v - rgb[i]) <= 2)) continue;
        if (differ++ === 0)
          first = "cell " + row + "," + col + " at pixel " + x + "," + y + " is " +
            (got ? "rgb(" + got.join(",") + ")" : "off the screenshot") + ", not " + hex;
      }
    }
    const ok = shot.differs ? differ > 0 : differ === 0;
    if (!ok) failed++;
    lines.push((ok ? "ok    " : "FAIL  ") + shot.name + ": " + (width * height - differ) + " of " +
      width * height + " cells match" + (first ? "; first difference: " + first : ""));
  }
  lines.push(failed === 0 && SHOTS.length > 0 ? "passed" : "FAILED");
  document.getElementById("verdict").textContent = lines.join("\n");
});
