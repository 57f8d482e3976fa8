import type { RulesBook, RulesSection } from './types';

const cards: RulesSection = {
  title: 'The cards',
  text: [
    'A 40-card Italian deck: four suits — coins, cups, swords and clubs — each with the ace to the 7 and three face cards: the jack (fante), the knight (cavallo) and the king (re). With a French deck the 8s, 9s and 10s are taken out and the queen stands in for the knight.',
    'The order inside a suit is unusual. From highest to lowest: ace, three, king, knight, jack, 7, 6, 5, 4, 2. The three is the second-best card, and the 7 is the highest card that scores nothing.',
    'Only five cards in each suit score: ace 11, three 10, king 4, knight 3, jack 2. That makes 30 points per suit and 120 in the deck. The aces and threes — the carichi, the “loads” — are what the game is about.',
  ],
};

const trick: RulesSection = {
  title: 'Playing a trick',
  text: [
    'The player after the dealer leads any card; the others each play one card in turn. Any card will do: you never have to follow suit or play a trump.',
  ],
  list: [
    'If trumps were played, the highest trump wins.',
    'Otherwise the highest card of the suit that was led wins.',
    'A card of a third suit can never win.',
  ],
};

const countTip = 'Count the cards. There are only 40, and by the end you have seen most of them. In the last three tricks of a two-player game you know exactly what your opponent holds — that is where close games are decided.';

export const en: RulesBook = {
  briscola: {
    intro:
      'Briscola is Italy’s favourite trick-taking game: quick to learn, with 40 cards, three in your hand and a trump suit turned up at the start. You never have to follow suit — the skill lies in knowing when to spend a trump, when to let a trick go and when to hold on to your aces.',
    sections: [
      cards,
      {
        title: 'Players and teams',
        text: [
          'Two players play head to head. With three, everyone plays alone and one 2 is taken out so the cards divide evenly. With four, two partnerships play, partners sitting opposite each other. With six, two teams of three sit alternately and all four 2s are taken out. Partners add their points together.',
        ],
      },
      {
        title: 'The deal',
        text: [
          'Everyone gets three cards. The next card is turned face up and slid half under the stock: this is the briscola, and its suit is trump for the whole hand. As it is the last card to be drawn, everybody knows which card will come out last.',
        ],
      },
      trick,
      {
        title: 'Drawing',
        text: [
          'The winner of the trick gathers the cards face down, draws first from the stock and leads the next trick; then the others draw in turn, so everyone is back to three cards. Once the stock and the briscola are gone, the last tricks are played from the hand.',
        ],
      },
      {
        title: 'Scoring',
        text: [
          'When all the cards have been played, each side counts its points. 61 or more wins the hand; 60–60 is a tie, which is either a draw or replayed, depending on the option. With three players the highest total wins.',
          'A match is usually the best of three or five hands. In the game-points format a win is worth 1, a win with 91 or more 2, and all 120 points 3; the match goes to 12.',
        ],
      },
      {
        title: 'Option: the 2 takes the briscola',
        text: ['Before the first trick, whoever holds the 2 of trumps may swap it for the face-up briscola.'],
      },
    ],
    tips: [
      'Lead cards worth nothing. A 2, 4, 5, 6 or 7 of a plain suit gives nothing away, and if your opponent takes it they have spent a card for nothing.',
      'Keep your aces and threes until you can win a trick with them, or until your opponent is forced to give them to you.',
      'Spend trumps on tricks that matter. Trumping a worthless card wastes it; trumping an ace or a three is exactly the point.',
      'A three is only safe once its ace has gone. Lead a three while the ace is still out and you may lose 21 points in one trick.',
      'Win the right tricks, not many tricks. One trick with an ace and a three is worth 21 points; three tricks of small cards may be worth nothing.',
      countTip,
      'With a partner, feed the tricks your side is winning: when your partner has the trick safe, throw on your most valuable card rather than a blank — and never take a trick from your own team.',
    ],
  },

  brisca: {
    intro:
      'Brisca is the Spanish branch of the family, played in bars, parks and family gatherings all over Spain with the 40-card Spanish deck. It plays like Briscola, with one signature twist: a low trump can be swapped for the card turned up under the stock.',
    sections: [
      {
        title: 'The Spanish deck',
        text: [
          'Four suits — oros (coins), copas (cups), espadas (swords) and bastos (clubs) — numbered 1 to 7, plus three figures: the sota (10), the caballo (11) and the rey (12). There are no 8s or 9s. The numbers on the figures differ from the Italian deck, but ranks and values are the same.',
          'From highest to lowest: ace, three, king, knight, jack, 7, 6, 5, 4, 2. Ace 11, three 10, king 4, knight 3, jack 2: 120 points in all.',
        ],
      },
      {
        title: 'Deal and play',
        text: [
          'Three cards each; the next card is turned up under the stock and sets the trump suit, the palo de triunfo. Lead any card and answer with any card: while the stock lasts nobody has to follow suit. The highest trump wins the trick, otherwise the highest card of the suit led. The winner draws first and leads next.',
          'When the stock is gone the last three tricks are played without drawing. 61 points win the hand; 60–60 is a tie. Matches are often the best of three or five hands.',
        ],
      },
      {
        title: 'Swapping the trump',
        text: ['The face-up trump is not just decoration: it can change hands.'],
        list: [
          'The 7 of trumps may take the face-up trump if that card is higher than the 7: jack, knight, king, three or ace.',
          'The 2 of trumps may take it if the face-up card is a 4, 5, 6 or 7.',
          'You swap at the start of your own turn, before playing, and only while there is a stock. Depending on the option, this is allowed on any turn of yours or only just after you have won a trick.',
        ],
      },
      {
        title: 'Options',
        text: ['Brisca has many regional customs; these can be switched on when you start a game.'],
        list: [
          'Mano negra: holding the ace, three and king of trumps at the same time wins the hand at once — show them, and the hand is yours whatever the points.',
          'Valencian ending: once the stock is gone you must follow suit in the last three tricks, so carefully kept trumps may be dragged out on cheap tricks.',
          'Catalan deck: 48 cards with the 8s and 9s, worth nothing and ranked between the 7 and the jack. Rich tricks become rarer and more precious.',
          'Brisca rápida: a 20-card deck of aces, threes and figures only. Every card scores, so every trick matters, and a hand takes a few minutes.',
        ],
      },
    ],
    tips: [
      'Never underestimate the three: it beats the king, knight and jack and is worth 10. Newcomers keep losing points by treating it as a small card.',
      'Watch the face-up trump. If it is a valuable card and you hold the 7 of trumps, swapping it in is often worth a whole trick.',
      'Lead cheap cards and keep your aces and threes for tricks you can win — or for tricks your partner is winning.',
      'In team play, feed points: when your partner’s strong trump holds the trick, throw your three of another suit on it for ten points to your side.',
      'With the Valencian ending, think ahead: once you must follow suit, a trump you saved can be forced out by an opponent leading trumps.',
      countTip,
    ],
  },

  bisca: {
    intro:
      'Bisca is the Portuguese cousin, played with a French deck stripped of its 8s, 9s and 10s. The seven — called the bisca or manilha — is promoted to second place, just below the ace.',
    sections: [
      {
        title: 'Cards and values',
        text: [
          'Forty French cards in four suits: diamonds, hearts, spades and clubs (ouros, copas, espadas and paus). From highest to lowest: ace, 7, king, jack, queen, 6, 5, 4, 3, 2.',
          'The jack outranks the queen because in the old Portuguese decks the queen took the place of the page. With the simplified option the queen is worth 3 and ranks above the jack, worth 2, just as in Briscola.',
        ],
        list: ['Ace (ás): 11 points', 'Seven (sete, bisca or manilha): 10 points', 'King (rei): 4 points', 'Jack (valete): 3 points', 'Queen (dama): 2 points', 'The rest (“a palha”, the straw): nothing'],
      },
      {
        title: 'Playing',
        text: [
          'Each player is dealt the number of cards of the variant, one at a time. The next card is turned up to name the trump (trunfo) and placed under the stock, partly visible. Play is free: any card on any trick. The highest trump wins, otherwise the highest card of the suit led. The winner draws first and leads the next trick.',
          'At the end each side counts its points; more than 60 wins the hand. Bisca is played by two, by three (one 2 taken out) or by four in partnerships, partners sitting opposite.',
        ],
      },
      {
        title: 'Variants',
        list: [
          'Bisca dos Três: three cards each — the standard game.',
          'Bisca dos Sete: seven cards each, with much more to plan.',
          'Bisca dos Nove: nine cards each.',
        ],
        text: [],
      },
    ],
    tips: [
      'The 7 is the big card here: a 7 on the table is worth 10 points, and only its ace or a trump can take it.',
      'Lead the straw — the 6 down to the 2 — to make your opponent show their hand without risking any points.',
      'With seven or nine cards in hand, plan whole sequences: keep a trump back for each valuable card you expect your opponent to lead.',
      'Spend trumps on tricks that hold an ace or a 7, not on cards worth nothing.',
      countTip,
    ],
  },

  scoperta: {
    intro:
      'Briscola scoperta — Brisca descubierta in Spanish — is played with everything on show: every hand is face up and the next card of the stock is visible too. Luck fades, and it becomes a game of pure planning.',
    sections: [
      {
        title: 'What changes',
        text: [
          'Playing and scoring follow Briscola: the same order, the same values, no need to follow suit. But the cards are dealt face up to everyone, and the stock is turned so that its top card — the next one to be drawn — can be seen.',
          'As you always know what each player holds and what they will draw next, you can work out several tricks in advance.',
        ],
      },
      cards,
      trick,
      {
        title: 'A good teacher',
        text: [
          'The open game is a fine way to learn: you can see why a card wins, what a trump is worth and how a single trick with an ace and a three turns the whole hand around.',
        ],
      },
    ],
    tips: [
      'Look at what the next draw will bring each player: sometimes letting a trick go is right, because the winner would draw the card you want.',
      'Plan sequences of tricks, not single plays. With everything visible, a mistake cannot be blamed on luck.',
      'Remembering what has been played still matters: the captured cards are not in view, and the points in them decide the hand.',
      'Keep your aces and threes until they are safe, and spend trumps only where there are points to take.',
    ],
  },

  briscolone: {
    intro:
      'Briscolone is a game for two without a trump suit, played over several hands until someone reaches 121 or 151 card points.',
    sections: [
      {
        title: 'How it plays',
        text: [
          'Cards, order and values are those of Briscola, and each player starts with three cards. With no trump, a trick always goes to the highest card of the suit led; a card of another suit never wins. The winner draws first and leads the next trick.',
          'Card points carry over from hand to hand until one player reaches the target of 121 or 151.',
        ],
      },
      {
        title: 'Options',
        text: ['Briscolone is played in several ways; choose yours when you start the game.'],
        list: [
          'Follow suit at the end: in the last three tricks you must follow suit and win the trick if you can.',
          'Five-card hands: five cards each instead of three.',
          'The first card names trump: the suit of the very first card played becomes trump for the hand, and nobody has to follow suit.',
        ],
      },
      cards,
    ],
    tips: [
      'With no trump the ace cannot be beaten in its own suit: lead it when the points at stake are worth it. A three is safe once its ace has gone.',
      'Only the suit led can win, so a long suit is power: keep cards in the suits your opponent has run out of.',
      'When you must follow suit at the end, count the suits beforehand: you can force your opponent to give up an ace.',
      'Keep an eye on the running total: close to the target, a few safe points can matter more than one risky big trick.',
    ],
  },

  chiamata: {
    intro:
      'Briscola chiamata is the five-player game, and for many the most entertaining of all: eight cards each, no stock, an auction, and a partner nobody knows about until a card is played.',
    sections: [
      {
        title: 'The deal',
        text: ['All 40 cards are dealt, eight to each player. There is no stock and no card is turned up.'],
      },
      {
        title: 'The auction',
        text: [
          'Starting after the dealer, players bid in turn for the right to call a card. Bids go down the order of the cards — ace, three, king, knight, jack, 7, 6, 5, 4, 2 — so after a bid of “three” the next player can only bid “king” or lower. After “two”, the bidding goes on in points: “two with 61”, “two with 65” and so on, up to 120. Whoever passes is out of the auction for this hand; the last bidder wins it.',
        ],
      },
      {
        title: 'Calling trump and partner',
        text: [
          'The winner names a suit for the card bid — say, the three of cups. Cups become trumps, and whoever holds the three of cups is the caller’s secret partner. Nobody knows who that is until the card appears, and the partner must not say so. The caller may even call a card of his own and play alone against the other four.',
        ],
      },
      {
        title: 'Play and scoring',
        text: [
          'The eight tricks are played as in Briscola. The caller and partner add their points together and need at least the points bid (61 if the bidding never went up).',
        ],
        list: [
          'The caller’s side makes it: caller +2, partner +1, each other player −1.',
          'The caller’s side fails: caller −2, partner −1, each other player +1.',
          'Caller alone: ±4 for the caller and ∓1 for each of the others.',
          'All 120 points (cappotto): every score is doubled.',
        ],
      },
      {
        title: 'The match',
        text: ['Game points add up hand after hand; the match ends when someone reaches the agreed total, between 10 and 20.'],
      },
    ],
    tips: [
      'Call the highest trump you do not hold: your partner then has the card that makes your combined hand strongest.',
      'As the partner you can lay false trails — let a trick go, or throw points on a trick an opponent will win — to keep everyone guessing.',
      'Watch who gives points to whom: the partner often gives themselves away by feeding the caller before the called card appears.',
      'A hand with only small cards in its best suit can still compete: keep the card low and raise the points instead.',
    ],
  },

  dupla: {
    intro:
      'Dupla briškula — double briškula — is the Dalmatian way for two people to play Briscola, popular along the Croatian, Slovenian and Montenegrin coast: each of you plays two cards in every trick.',
    sections: [
      {
        title: 'How it differs',
        text: [
          'Deck, order, values and trumps are those of Briscola, but each player holds four cards. The leader plays a card, the other answers, the leader plays a second card and the other a second one: four cards in every trick. The trick goes to the highest trump, otherwise to the highest card of the suit first led.',
          'The winner takes all four cards; both players draw two cards, winner first, to get back to four, and the winner leads the next trick. 61 points win the hand.',
        ],
      },
      cards,
    ],
    tips: [
      'You see your opponent’s first card before you play your first, and they see yours before their second: keep a strong card back for your second play.',
      'A double trick can carry a lot of points: do not throw an ace into it unless you are sure who will take it.',
      'With two cards played per trick the stock runs out quickly, so start counting early.',
    ],
  },
};
