// End-to-end scenarios: the table in every kind of match: teams, the direction of play, the bar, exchanges, chiamata and an AI exchange.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { KEY } from '../webdriver.mjs';
import { sleep, log, assert, screenshot, nav, select, setup, newGame, matchState, moved, waitMyTurn, playCard, playOut, briscaRounds, listenLive, inViewport, insideOf, sideOf, SINGLE } from '../helpers.mjs';

export const scenarios = {
  // Señas (Brisca con Segnali): on in the New game form, four señas on your turn, yours and your
  // partner's shown in the bar; once a trick.
  async senas(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'brisca', players: 4, levels: ['medium'], format: SINGLE, options: ['senas'] });
    let s = await waitMyTurn(wd);
    const offered = await wd.exec(`return [...document.querySelectorAll('[data-testid=senas] button[data-sena]')].map((b) => b.dataset.sena)`);
    assert(JSON.stringify(offered) === '["ace","three","trumps","nothing"]', `four señas on your turn (${JSON.stringify(offered)})`);
    screenshot('senas-offered-1280x800');
    await wd.click('[data-testid=senas] button[data-sena="trumps"]');
    await wd.waitFor(() => wd.exec(`return !!document.querySelector('[data-testid=senas-seen] li[data-seat="0"][data-sena="trumps"]')`), { what: 'your seña shown' });
    assert(!(await wd.exec(`return !!document.querySelector('[data-testid=senas] button[data-sena]')`)), 'one seña a trick: no more on offer');
    const mine = await wd.text('[data-testid=senas-seen] li[data-seat="0"]');
    assert(/Trumps/.test(mine), `your seña in words (${mine})`);
    // Your card still to play: the seña did not pass the turn.
    s = await waitMyTurn(wd);
    assert(s.cards.length > 0, 'your turn goes on after the seña');
    let partner = '';
    await playOut(wd, {
      how: 'click',
      untilMatch: true,
      onTurn: async () => {
        if (!partner) partner = await wd.exec(`const li = document.querySelector('[data-testid=senas-seen] li[data-seat="2"]'); return li ? li.textContent : ''`);
        return false;
      },
    });
    assert(/signals/.test(partner), `your partner's seña shown (${partner})`);
    log('partner:', partner);
    // Play again keeps the rules, señas included: on a phone they are in view.
    await wd.setRect(360, 640);
    await sleep(500);
    await wd.click('dialog[open] .btn.primary');
    await waitMyTurn(wd);
    await inViewport(wd, '[data-testid=senas] button[data-sena="nothing"]', 'the señas on a phone');
    screenshot('senas-offered-360x640');
    await wd.setRect(1280, 800);
  },

  async teams(wd) {
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 4, levels: ['easy'], format: SINGLE });
    await waitMyTurn(wd);
    const partner = await wd.text('.seat.partner .tag');
    assert(/Partner/.test(partner), 'the partner is marked');
    // Counter-clockwise by default: the next seat on your right, your partner across, the last on your left.
    const ring = await wd.exec(`return ['left', 'across', 'right'].map((s) => [...document.querySelectorAll('.side.' + s + ' [data-seat]')].map((e) => Number(e.dataset.seat)))`);
    assert(JSON.stringify(ring) === '[[3],[2],[1]]', `seats left, across, right (${JSON.stringify(ring)})`);
    assert(await wd.exec(`return document.querySelector('.side.across .seat').classList.contains('partner')`), 'the partner sits across');
    const across = await wd.text('.side.across .name');
    assert(across === 'Ben', `the partner has the language's default name (${across})`);
    const head = await wd.text('.scoreboard thead');
    assert(/Hands won/.test(head) && /This hand/.test(head), `the scoreboard says what it counts (${head})`);
    screenshot('table-4p-desktop');
    await wd.setRect(360, 640);
    await sleep(800);
    screenshot('table-4p-phone');
    await wd.setRect(1280, 800);
    await sleep(500);
    let shot = false;
    const teamPoints = () => wd.exec(`return [...document.querySelectorAll('.scoreboard tbody tr')].map((r) => Number(r.querySelector('td.hp').textContent))`);
    const s = await playOut(wd, {
      how: 'click',
      untilMatch: true,
      onTurn: async (s) => {
        if (shot || s.tricks < 2) return false;
        shot = true;
        // Team totals: one row a side, with the card points its seats took in this hand so far.
        const rows = await teamPoints();
        assert(rows.length === 2 && rows.every((n) => Number.isInteger(n) && n >= 0) && rows[0] + rows[1] <= 120, `two team totals mid-hand (${JSON.stringify(rows)})`);
        screenshot('table-4p-1280x800');
        return false;
      },
    });
    assert(shot, 'the team totals were checked mid-hand');
    await wd.setRect(1920, 1080);
    // At the end, the two sides' totals take every card point of the hand.
    const rows = await teamPoints();
    assert(rows.length === 2 && rows[0] + rows[1] === 120, `a team result (two sides, 120 points): ${JSON.stringify(rows)}`);
    log('team hand:', JSON.stringify(rows));
  },

  // The table turns counter-clockwise by default (most source texts: "a la derecha del crupier",
  // "alla destra del mazziere"), clockwise as a Settings choice (cardgames.io: "a la izquierda").
  // Each played card lies in front of the seat that played it.

  async direction(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 4, levels: ['easy'], format: SINGLE });
    let s = await waitMyTurn(wd);
    assert((await sideOf(wd, 1)) === 'right' && (await sideOf(wd, 3)) === 'left' && (await sideOf(wd, 2)) === 'across', `counter-clockwise: seat 1 on your right, 3 on your left (${await sideOf(wd, 1)}, ${await sideOf(wd, 3)})`);
    // Cards on the table: each lies between the centre and its seat.
    const placed = await wd.exec(`const t = document.querySelector('.center .trick').getBoundingClientRect(); const cx = (t.left + t.right) / 2, cy = (t.top + t.bottom) / 2; return [...document.querySelectorAll('.center .trick .play')].map((p) => { const b = p.getBoundingClientRect(); return { seat: Number(p.dataset.seat), dx: Math.round((b.left + b.right) / 2 - cx), dy: Math.round((b.top + b.bottom) / 2 - cy) }; })`);
    const spot = { 1: (p) => p.dx > 0, 2: (p) => p.dy < 0, 3: (p) => p.dx < 0, 0: (p) => p.dy > 0 };
    assert(placed.every((p) => spot[p.seat](p)), `each played card lies towards its seat: ${JSON.stringify(placed)}`);
    assert(!(await wd.exec('return !!document.querySelector(".center .trick .who")')), 'no row of name labels');
    log('played cards', JSON.stringify(placed));
    screenshot('table-4p-ccw-cards-1280x800');
    await nav(wd, 'settings');
    await wd.click('input[name="turn"][value="clockwise"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).table_turn === 'clockwise', { what: 'clockwise saved' });
    await nav(wd, 'table');
    s = await waitMyTurn(wd);
    assert((await sideOf(wd, 1)) === 'left' && (await sideOf(wd, 3)) === 'right', `clockwise: seat 1 on your left (${await sideOf(wd, 1)})`);
    screenshot('table-4p-cw-1280x800');
    await nav(wd, 'settings');
    await wd.click('input[name="turn"][value="counter_clockwise"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).table_turn === 'counter_clockwise', { what: 'counter-clockwise again' });
    // Two players: the other across, their card above yours.
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    for (let i = 0; i < 6; i++) {
      s = await waitMyTurn(wd);
      if (s.trick === 1) break;
      await playCard(wd, s, 'click');
    }
    if (s.trick === 1) {
      const dy = await wd.exec(`const t = document.querySelector('.center .trick').getBoundingClientRect(); const b = document.querySelector('.center .trick .play').getBoundingClientRect(); return Math.round((b.top + b.bottom) / 2 - (t.top + t.bottom) / 2);`);
      assert(dy < 0, `the opponent's card lies on their side, above (${dy})`);
    }
    screenshot('table-2p-cards-1280x800');
    await wd.setRect(1920, 1080);
  },

  // At 1280 × 800 the bar with Sound and Resign stays on screen with large cards and a hint open.

  async bar(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await nav(wd, 'settings');
    await select(wd, '#size', '130');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).card_size_percent === 130, { what: 'large cards' });
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    let offerSeen = false;
    for (let i = 0; i < 8; i++) {
      const s = await waitMyTurn(wd);
      if (s.over || s.awaitingNext) break;
      await wd.exec('[...document.querySelectorAll(".me .actions button")].find((b) => b.textContent.trim() === "Hint").click()');
      await wd.waitFor(() => wd.exec('return !!document.querySelector(".hint-reason")'), { what: 'the hint' });
      await wd.exec('document.getElementById("main").scrollTop = 0');
      await sleep(300);
      await inViewport(wd, '.screen > .actions .btn', 'Sound and Resign (hint open, large cards)');
      if (await wd.exec('return !!document.querySelector(".offer")')) {
        offerSeen = true;
        await inViewport(wd, '.screen > .actions .btn', 'Sound and Resign (offer open)');
        screenshot('bar-offer-1280x800');
      }
      if (i === 0) screenshot('bar-hint-large-1280x800');
      await playCard(wd, s, 'click');
    }
    log('bar: an exchange offer was', offerSeen ? 'seen and checked' : 'not offered in these turns');
    await nav(wd, 'settings');
    await select(wd, '#size', '100');
    await wd.setRect(1920, 1080);
  },

  async exchange(wd) {
    await setup(wd);
    let exchanged = false;
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    // About one Brisca hand in three offers you an exchange; 20 hands make a miss (≈ 0.65^20) negligible.
    await briscaRounds(wd, 20, () => exchanged, async (s, round) => {
      if (exchanged || !(await wd.exec('return !!document.querySelector(".offer .btn.primary")'))) return false;
      // The hint suggests the exchange, with its reason, and highlights no card.
      await wd.exec('[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Hint").click()');
      const hint = await wd.waitFor(() => wd.exec('return document.querySelector(".hint-reason")?.textContent || null'), { what: 'the exchange hint' });
      log('exchange hint:', hint);
      assert(/Swap the .+ for the face-up .+: a stronger trump for a weaker one\./.test(hint), `the hint suggests the exchange with its reason (“${hint}”)`);
      assert(!(await wd.exec('return !!document.querySelector(".hl-hint")')), 'no card is highlighted for an exchange');
      screenshot('brisca-exchange-offer');
      await wd.click('.offer .btn.primary');
      await wd.waitFor(async () => (await matchState(wd)).exchanges === s.exchanges + 1, { what: 'the exchange' });
      exchanged = true;
      log('exchange made in round', round + 1);
      return true;
    });
    assert(exchanged, 'a trump exchange within 20 Brisca hands');
    const shown = await wd.text('.events');
    assert(/You swap/.test(shown), `your exchange is listed on the table (${shown})`);
  },

  async chiamata(wd) {
    await setup(wd);
    // You deal, so the four computer players bid or pass before your first turn in the auction.
    await wd.click('input[name="dealer"][value="human"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).first_dealer === 'human', { what: 'you deal first' });
    await wd.setRect(1280, 800);
    // Listening from before the start: the computer players may all speak before the table shows.
    await listenLive(wd);
    await newGame(wd, { preset: 'chiamata', players: 5, levels: ['easy'], format: SINGLE });
    let auctionShot = false;
    let contractSeen = false;
    let revealSeen = false;
    let roleSeen = false;
    /** A seat's bid or pass as the table words it (English, Italian deck). */
    const TURN = /^(Pass|(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King)( · \d+)?)$/;
    /** The others' first turns, as their seats showed them when the auction reached you. */
    let firstTurns = null;
    const seatNames = () => wd.exec(`return Object.fromEntries([...document.querySelectorAll('.seat[data-seat]')].map((e) => [e.dataset.seat, e.querySelector('.name').textContent.trim()]))`);
    await playOut(wd, {
      how: 'click',
      untilMatch: true,
      onTurn: async (s) => {
        if (process.env.E2E_VERBOSE) log('chiamata turn', s.phase, s.position);
        if (s.phase === 'bidding' && !auctionShot) {
          // Everything of the auction on screen at 1280 × 800 and 360 × 640: every bid, "Two, with
          // points", Pass, your eight cards and Resign.
          for (const [w, h] of [[1280, 800], [360, 640]]) {
            await wd.setRect(w, h);
            await sleep(900);
            const buttons = await inViewport(wd, 'dialog[open] button', `the auction's buttons at ${w}×${h}`);
            assert(buttons.some((b) => /Pass/.test(b.text)), `Pass is among them (${JSON.stringify(buttons.map((b) => b.text))})`);
            // …and none hides below the dialog's own scroll.
            await insideOf(wd, 'dialog[open] button', 'dialog[open]', `the auction's buttons at ${w}×${h}`);
            if (await wd.exec('return !!document.querySelector("dialog[open] #auction-points")')) {
              await inViewport(wd, 'dialog[open] #auction-points', `the points field at ${w}×${h}`);
              await insideOf(wd, 'dialog[open] #auction-points', 'dialog[open]', `the points field at ${w}×${h}`);
            }
            const cards = await inViewport(wd, '.me .hand .slot', `your hand at ${w}×${h}`);
            assert(cards.length === 8, `eight cards (${cards.length})`);
            await inViewport(wd, '.screen > .actions .resign', `Resign at ${w}×${h}`);
            const [dlgBottom, handTop] = await wd.exec(`return [document.querySelector('dialog[open]').getBoundingClientRect().bottom, document.querySelector('.me .hand').getBoundingClientRect().top]`);
            assert(dlgBottom <= handTop + 1, `the dialog (bottom ${dlgBottom}) leaves your hand (top ${handTop}) in view at ${w}×${h}`);
            screenshot(`chiamata-auction-${w}x${h}`);
          }
          // A hint on the phone: it takes the others' turns' place, everything still fits.
          await wd.setRect(360, 640);
          await sleep(700);
          await wd.click('[data-testid=auction-hint-button]');
          await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=auction-hint]")'), { what: 'the auction hint' });
          await sleep(300);
          await inViewport(wd, 'dialog[open] button', 'the auction\'s buttons with a hint at 360×640');
          await insideOf(wd, 'dialog[open] button', 'dialog[open]', 'the auction\'s buttons with a hint at 360×640');
          log('chiamata auction hint:', await wd.text('[data-testid=auction-hint]'));
          screenshot('chiamata-auction-hint-360x640');
          await wd.setRect(1280, 800);
          await sleep(500);
          auctionShot = true;
          // The auction dialog sits at the top: your hand stays in view below it at 1280 × 800.
          const [dlg, hand] = await wd.exec(`return [document.querySelector('dialog[open]').getBoundingClientRect().bottom, document.querySelector('.me .hand').getBoundingClientRect().top]`);
          screenshot('chiamata-auction-1280x800');
          assert(dlg <= hand, `the auction dialog (bottom ${dlg}) does not cover your hand (top ${hand})`);
          // You deal, so the four computer players spoke first: each seat shows its bid or pass.
          firstTurns = await wd.exec(`return [1, 2, 3, 4].map((s) => document.querySelector('.seat[data-seat="' + s + '"] [data-testid=seat-bid]')?.textContent.trim() ?? null)`);
          assert(firstTurns.every((w) => w !== null && TURN.test(w)), `each seat shows its bid or pass: ${JSON.stringify(firstTurns)}`);
          // The last of them was announced.
          const said = firstTurns[3] === 'Pass' ? 'passes.' : `bids ${firstTurns[3]}.`;
          const heard = await wd.exec('return window.__live');
          assert(heard.some((m) => m.endsWith(said)), `seat 4's "${said}" was announced (${JSON.stringify(heard)})`);
          log('chiamata auction before you:', JSON.stringify(firstTurns));
        }
        if (s.phase === 'bidding') {
          // Pass: a computer player declares, so the partner tags are checked from a defender's seat
          // (or from the secret partner's, when you hold the called card).
          await wd.click('dialog[open] .actions .btn');
          await moved(wd, s, 'your pass');
          return true;
        }
        if (s.phase === 'playing' && !contractSeen) {
          contractSeen = true;
          const shown = await wd.text('.events');
          assert(/won the auction/.test(shown) && /Called card: /.test(shown), `the declarer, bid and called card are listed (${shown})`);
          const heard = await wd.exec('return window.__live');
          assert(heard.some((m) => /Called card: /.test(m)), `the call was announced (${JSON.stringify(heard)})`);
          assert(heard.some((m) => /passes\.|bids /.test(m)), `the others' bids and passes were announced (${JSON.stringify(heard)})`);
          // The whole auction by seat stays reachable for the hand: the others in turn from the
          // dealer's left, each from the turn their seat showed when the auction reached you, then you.
          await wd.click('[data-testid=bid-log] summary');
          const rows = await wd.exec(`return [...document.querySelectorAll('[data-testid=bid-log] li')].map((li) => li.textContent.trim())`);
          const names = await seatNames();
          const ok = rows.length === 5 && firstTurns.every((w, i) => rows[i].startsWith(`${names[i + 1]}: ${w}`)) && rows[4] === 'You: Pass';
          assert(ok, `the bid log lists every seat's turns: ${JSON.stringify(rows)}, first turns ${JSON.stringify(firstTurns)}`);
          screenshot('chiamata-contract-1280x800');
          log('chiamata contract:', shown, 'bids:', JSON.stringify(rows));
        }
        if (s.phase === 'playing' && !roleSeen && (await wd.exec('return !!document.querySelector("[data-testid=chiamata-role]")'))) {
          roleSeen = true;
          const role = await wd.text('[data-testid=chiamata-role]');
          assert(/You (declare|play alone)|secret partner|You defend: the declarers need \d+ points/.test(role), `your role is stated from the call on: ${role}`);
          // You passed: you are the secret partner, or you defend.
          assert(!/You (declare|play alone)/.test(role), `you passed, so you do not declare: ${role}`);
        }
        if (s.phase === 'playing' && !revealSeen && (await wd.exec('return !!document.querySelector("[data-testid=chiamata-sides]")'))) {
          revealSeen = true;
          // The two sides, their points and the target, once the partner is known.
          const sides = await wd.text('[data-testid=chiamata-sides]');
          const dp = Number(await wd.text('[data-testid=declarer-points]'));
          const fp = Number(await wd.text('[data-testid=defender-points]'));
          assert(Number.isInteger(dp) && Number.isInteger(fp) && dp + fp <= 120, `side totals ${sides} = ${dp} / ${fp}`);
          assert(/Declarers need \d+/.test(sides), `the target is shown (${sides})`);
          for (const [w, h] of [[1280, 800], [360, 640]]) {
            await wd.setRect(w, h);
            await sleep(800);
            await wd.exec('document.querySelector("[data-testid=chiamata-sides]").scrollIntoView({ block: "center" })');
            await sleep(300);
            const across = await wd.exec(`return [...document.querySelectorAll('.me .hand .slot')].map((e) => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.right)]; })`);
            const vw = await wd.exec('return document.documentElement.clientWidth');
            assert(across.every(([l, r]) => l >= 0 && r <= vw), `your ${across.length} cards lie across the ${vw} px width: ${JSON.stringify(across)}`);
            screenshot(`chiamata-sides-${w}x${h}`);
          }
          await wd.setRect(1280, 800);
          await sleep(500);
          const shown = await wd.text('.events');
          assert(/partner|alone/.test(shown), `the partner is listed once known (${shown})`);
          // Your partners are tagged: the other declarer, when you are the secret partner; the
          // other defenders when you defend.
          const names = await seatNames();
          const listed = /Declarers \((.*)\)/.exec(sides)[1].split(' & ');
          const declarers = [0, 1, 2, 3, 4].filter((seat) => listed.includes(seat === 0 ? 'You' : names[seat]));
          assert(declarers.length === listed.length, `the declarers are seats (${JSON.stringify(listed)} of ${JSON.stringify(names)})`);
          const want = declarers.includes(0) ? declarers.filter((x) => x !== 0) : [1, 2, 3, 4].filter((x) => !declarers.includes(x));
          const tags = await wd.exec(`return [...document.querySelectorAll('.seat.partner')].map((e) => Number(e.dataset.seat)).sort((a, b) => a - b)`);
          assert(JSON.stringify(tags) === JSON.stringify(want), `partner tags ${JSON.stringify(tags)} = ${JSON.stringify(want)}`);
          screenshot('chiamata-reveal-1280x800');
          log('chiamata partner:', shown, 'tags', JSON.stringify(tags));
        }
        return false;
      },
    });
    await wd.setRect(1920, 1080);
    assert(contractSeen && roleSeen, 'the contract and your role were seen');
    if (!revealSeen) {
      // The called card came out in the last trick, after your last turn: the reveal was announced.
      const heard = await wd.exec('return window.__live');
      assert(heard.some((m) => /partner|alone/.test(m)), `the late reveal was announced (${JSON.stringify(heard.slice(-6))})`);
    }
    log('chiamata result:', (await wd.text('dialog[open]')).replace(/\s+/g, ' ').slice(0, 200));
    // Back to a random first dealer for the scenarios after this one (the summary closed first).
    await wd.keys(KEY.Escape);
    await nav(wd, 'settings');
    await wd.click('input[name="dealer"][value="random"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).first_dealer === 'random', { what: 'a random first dealer again' });
  },

  async aiExchange(wd) {
    await setup(wd);
    // Four players: three AI seats that may exchange, and ten cards of yours a hand (with one AI seat
    // it took up to eight hands of two-player Brisca, some four minutes).
    await newGame(wd, { preset: 'brisca', players: 4, levels: ['easy'], format: SINGLE });
    await listenLive(wd);
    // An exchange made before the listener was in place (the AI may exchange at once) is not
    // counted; you never take one, so every exchange counted is a computer player's.
    const early = (await matchState(wd)).exchanges;
    let seen = null;
    await briscaRounds(wd, 30, () => seen !== null, async (s, round) => {
      if (seen || s.exchanges <= (round === 0 ? early : 0)) return false;
      seen = s.exchanges;
      const shown = await wd.text('.events');
      assert(/\w+ swaps/.test(shown), `the AI's exchange is listed on the table (${shown})`);
      const heard = await wd.exec('return window.__live');
      assert(heard.some((m) => /\w+ swaps .* for the face-up /.test(m)), `and announced (${JSON.stringify(heard.slice(-5))})`);
      screenshot('brisca-ai-exchange');
      log('AI exchange in round', round + 1, '—', shown);
      return false;
    });
    assert(seen, "an AI's trump exchange within 30 Brisca hands");
  },
};
