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
    await wd.exec('const u = [...document.querySelectorAll("label.check input")].at(-1); if (u.checked) u.click();');
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
    const g = await wd2.invoke('current_game');
    assert(g.setup.first_dealer === 0 && g.setup.allow_undo === false, `the match follows the dealer and undo settings (${JSON.stringify(g.setup)})`);
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
    await wd2.exec('const u = [...document.querySelectorAll("label.check input")].at(-1); if (!u.checked) u.click();');
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
      const g = await waitMyTurn(wd);
      if (g.outcome || g.awaiting_next_hand) break;
      await wd.exec('[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Suggerimento").click()');
      await wd.waitFor(() => wd.exec('return document.querySelector(".hint-reason")?.textContent || null'), { what: 'the hint' });
      seen.push(await wd.text('.hint-reason'));
      await playCard(wd, g, 'click');
    }
    // A refused command: the match is resigned behind the UI's back, then a card is played.
    await waitMyTurn(wd);
    await wd.exec('return window.__TAURI_INTERNALS__.invoke("resign_match")');
    await wd.exec('document.querySelector(".hand.interactive button[data-card]").click(); document.querySelector(".hand.interactive button[data-card]").click();');
    await wd.waitFor(() => wd.exec('return document.querySelector(".error[role=alert]")?.textContent || null'), { what: 'the refusal' });
    seen.push(await wd.text('.error[role=alert]'));
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
