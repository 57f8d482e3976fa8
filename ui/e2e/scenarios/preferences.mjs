// End-to-end scenarios: preferences kept across restarts, the decks, and the game in Italian.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { sleep, log, assert, screenshot, openApp, nav, select, setup, newGame, formReady, waitMyTurn, playCard, SINGLE, ENGLISH } from '../helpers.mjs';

export const scenarios = {
  async prefs(wd, ctx) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="french"]');
    await wd.click('input[name="dealer"][value="human"]');
    await select(wd, '#size', '130');
    await wd.exec('const u = document.querySelector("#undo-setting"); if (u.checked) u.click();');
    await select(wd, '#lang', 'it');
    await sleep(500);
    await wd.quit();
    const wd2 = await openApp();
    ctx.wd = wd2;
    await nav(wd2, 'settings');
    const checked = await wd2.exec('return document.querySelector("input[name=deck]:checked").value');
    const lang = await wd2.exec('return document.querySelector("#lang").value');
    const navText = await wd2.text('nav#nav a[href="#/settings"]');
    assert(checked === 'french', `deck style kept (${checked})`);
    assert(lang === 'it' && /Impostazioni/.test(navText), `language kept (${lang}, ${navText})`);
    const saved = await wd2.invoke('get_preferences');
    assert(saved.first_dealer === 'human' && saved.card_size_percent === 130 && saved.allow_undo === false, `dealer, size and undo kept (${JSON.stringify(saved)})`);
    // One deck value: Italian chosen in Settings is what the New game form shows and what a Bisca
    // match (whose players usually use French cards) is drawn with; the form's choice changes Settings.
    await wd2.click('input[name="deck"][value="italian"]');
    await select(wd2, '#lang', 'en');
    await sleep(300);
    await newGame(wd2, { preset: 'bisca', players: 2, levels: ['easy'], format: SINGLE });
    // You deal, so the other leads: their card is on the table at your first turn; and no Undo.
    const first = await waitMyTurn(wd2);
    assert(first.trick === 1 && first.tricks === 0, `the match follows the dealer setting: the other leads (${JSON.stringify(first)})`);
    await playCard(wd2, first, 'click');
    await waitMyTurn(wd2);
    const undo = await wd2.exec('return [...document.querySelectorAll("[data-testid=table] button")].some((b) => b.textContent.trim() === "Undo")');
    assert(!undo, 'the match follows the undo setting: no Undo after your move');
    const faces = await wd2.exec('return [...document.querySelectorAll("[data-testid=table] img")].map((i) => i.getAttribute("src")).filter(Boolean)');
    assert(faces.length > 0 && faces.every((src) => src.includes('/italian/')), `the table uses the Settings deck (${faces.slice(0, 3)})`);
    await nav(wd2, 'new');
    assert((await wd2.exec('return document.querySelector("#deck").value')) === 'italian', 'the New game form shows the Settings deck');
    await select(wd2, '#deck', 'spanish');
    await sleep(300);
    await nav(wd2, 'settings');
    const now = await wd2.exec('return document.querySelector("input[name=deck]:checked").value');
    assert(now === 'spanish', `the form's deck is the Settings deck (${now})`);
    await wd2.click('input[name="deck"][value="italian"]');
    await wd2.click('input[name="dealer"][value="random"]');
    await select(wd2, '#size', '100');
    await wd2.exec('const u = document.querySelector("#undo-setting"); if (!u.checked) u.click();');
    await sleep(300);
  },

  // One deck value (docs/ui.md): Settings sets it, the New game form shows and changes the same one.

  async deck(wd) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
    await nav(wd, 'new');
    await wd.click('label.preset:has(input[value="brisca"])');
    await formReady(wd);
    const shown = await wd.exec('return document.querySelector("#deck").value');
    assert(shown === 'italian', `the form shows the Settings deck, not Brisca's usual one (${shown})`);
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    await waitMyTurn(wd);
    const faces = await wd.exec('return [...document.querySelectorAll(".hand img")].map((i) => i.getAttribute("src"))');
    assert(faces.length > 0 && faces.every((src) => src.includes('/italian/')), `the table uses the Italian deck (${faces})`);
    await nav(wd, 'new');
    await formReady(wd);
    await select(wd, '#deck', 'french');
    await sleep(300);
    await nav(wd, 'settings');
    const checked = await wd.exec('return document.querySelector("input[name=deck]:checked").value');
    assert(checked === 'french', `a change in the form shows in Settings (${checked})`);
    assert((await wd.invoke('get_preferences')).deck_style === 'french', 'and is saved');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
  },

  // In Italian with the Spanish deck, hints and errors reach the player with no English word.

  async italian(wd) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="spanish"]');
    await select(wd, '#lang', 'it');
    await sleep(300);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const s = await waitMyTurn(wd);
      if (s.over || s.awaitingNext) break;
      await wd.exec('[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Suggerimento").click()');
      await wd.waitFor(() => wd.exec('return document.querySelector(".hint-reason")?.textContent || null'), { what: 'the hint' });
      seen.push(await wd.text('.hint-reason'));
      await playCard(wd, s, 'click');
    }
    // A refusal from the table: a card you do not hold, played behind the UI's back.
    const s = await waitMyTurn(wd);
    const card = ['A', '2', '3', '4', '5', '6', '7', 'J', 'Q', 'K'].flatMap((r) => ['d', 'c', 's', 'b'].map((x) => r + x)).find((c) => !s.held.includes(c));
    await wd.exec(`window.__TAURI_INTERNALS__.invoke('table_send', { message: { type: 'act', action: { kind: 'play', card: arguments[0] } } }).catch(() => {});`, card);
    await wd.waitFor(() => wd.exec('return document.querySelector(".refusal[role=alert] span")?.textContent || null'), { what: 'the refusal' });
    seen.push(await wd.text('.refusal[role=alert] span'));
    log('Italian texts:', JSON.stringify(seen));
    // The hint speaks impersonally and names no count with the wrong plural.
    for (const text of seen) assert(!/ho provato|delle 1 smazzate/.test(text), `an impersonal hint: “${text}”`);
    screenshot('italian-spanish-deck-hint');
    for (const text of seen) assert(!ENGLISH.test(text), `no English word in “${text}”`);
    assert(seen.some((x) => /denari|coppe|spade|bastoni/.test(x)), `Italian suit names of a Latin deck in ${JSON.stringify(seen)}`);
    await nav(wd, 'settings');
    await select(wd, '#lang', 'en');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
  },
};
