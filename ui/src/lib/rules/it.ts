import type { RulesBook, RulesSection } from './types';

const cards: RulesSection = {
  title: 'Le carte',
  text: [
    'Si gioca con un mazzo italiano da 40 carte: quattro semi — denari, coppe, spade e bastoni — ciascuno con le carte dall’asso al 7 e tre figure: fante, cavallo e re. Con le carte francesi si tolgono gli 8, i 9 e i 10, e la donna prende il posto del cavallo.',
    'L’ordine delle carte è particolare. Dalla più alta alla più bassa: asso, tre, re, cavallo, fante, 7, 6, 5, 4, 2. Il tre è la seconda carta del seme e il 7 è la più alta fra le carte che non valgono niente.',
    'Solo cinque carte per seme danno punti: asso 11, tre 10, re 4, cavallo 3, fante 2. Fanno 30 punti per seme e 120 in tutto il mazzo. Gli assi e i tre sono i carichi: la partita gira intorno a chi riesce a portarli a casa.',
  ],
};

const trick: RulesSection = {
  title: 'La presa',
  text: [
    'Il giocatore dopo il mazziere apre con una carta qualsiasi; gli altri rispondono a turno con una carta ciascuno. Va bene qualunque carta: non c’è mai l’obbligo di rispondere al seme né di giocare briscola.',
  ],
  list: [
    'Se è stata giocata almeno una briscola, prende la briscola più alta.',
    'Altrimenti prende la carta più alta del seme di uscita.',
    'Una carta di un terzo seme non prende mai.',
  ],
};

const countTip = 'Conta le carte. Sono solo 40 e alla fine le hai viste quasi tutte. Nelle ultime tre prese di una partita a due sai esattamente che cosa ha in mano l’avversario: è lì che si decidono le partite tirate.';

export const it: RulesBook = {
  briscola: {
    intro:
      'La Briscola è il gioco di prese più amato d’Italia: si impara in pochi minuti, con 40 carte, tre in mano e un seme di briscola scoperto all’inizio. Non si è mai obbligati a rispondere al seme: l’abilità sta nel capire quando spendere una briscola, quando lasciar andare una presa e quando tenersi stretti gli assi.',
    sections: [
      cards,
      {
        title: 'Giocatori e coppie',
        text: [
          'In due si gioca uno contro uno. In tre ognuno gioca per sé e si toglie un 2, così le carte si dividono in parti uguali. In quattro si gioca a coppie, con i compagni seduti uno di fronte all’altro. In sei si formano due squadre da tre, sedute alternate, e si tolgono tutti e quattro i 2. I compagni sommano i loro punti.',
        ],
      },
      {
        title: 'La distribuzione',
        text: [
          'Ognuno riceve tre carte. La carta successiva si gira scoperta e si mette per metà sotto il mazzo: è la briscola, e il suo seme comanda per tutta la mano. Siccome è l’ultima carta a essere pescata, tutti sanno quale carta uscirà per ultima.',
        ],
      },
      trick,
      {
        title: 'La pesca',
        text: [
          'Chi vince la presa raccoglie le carte coperte, pesca per primo dal mazzo e apre la presa successiva; poi pescano gli altri a turno, così tutti tornano ad avere tre carte. Finiti il mazzo e la briscola, le ultime prese si giocano con le carte rimaste in mano.',
        ],
      },
      {
        title: 'Il punteggio',
        text: [
          'Giocate tutte le carte, ogni parte conta i suoi punti. Con 61 o più si vince la mano; il 60 a 60 è un pareggio, che vale come patta o si rigioca secondo l’opzione scelta. In tre vince chi ha più punti.',
          'Di solito si gioca al meglio delle tre o delle cinque mani. Con i punti partita una vittoria vale 1, una vittoria con 91 o più vale 2 e tutti i 120 punti valgono 3; si gioca a 12.',
        ],
      },
      {
        title: 'Opzione: il 2 prende la briscola',
        text: ['Prima della prima presa, chi ha il 2 di briscola può scambiarlo con la briscola scoperta.'],
      },
    ],
    tips: [
      'Apri con le scartine. Un 2, 4, 5, 6 o 7 di un seme qualsiasi non regala niente, e se l’avversario lo prende ha speso una carta per nulla.',
      'Tieni in mano assi e tre finché non puoi vincere una presa con loro, o finché l’avversario non è costretto a lasciarteli.',
      'Spendi le briscole nelle prese che contano. Tagliare una scartina è uno spreco; tagliare un asso o un tre è proprio lo scopo.',
      'Un tre è al sicuro solo quando il suo asso è già uscito. Se apri con un tre mentre l’asso è ancora in giro, rischi di perdere 21 punti in una presa sola.',
      'Vinci le prese giuste, non tante prese. Una presa con asso e tre vale 21 punti; tre prese di scartine possono non valere niente.',
      countTip,
      'In coppia, carica le prese della tua squadra: quando il compagno ha la presa in mano, buttaci sopra la tua carta migliore invece di una scartina — e non togliere mai una presa al tuo compagno.',
    ],
  },

  brisca: {
    intro:
      'La Brisca è il ramo spagnolo della famiglia: si gioca nei bar, nei parchi e nelle riunioni di famiglia di tutta la Spagna, con il mazzo spagnolo da 40 carte. Si gioca come la Briscola, con una trovata tutta sua: una briscola bassa si può scambiare con la carta scoperta sotto il mazzo.',
    sections: [
      {
        title: 'Il mazzo spagnolo',
        text: [
          'Quattro semi — oros (denari), copas (coppe), espadas (spade) e bastos (bastoni) — con le carte da 1 a 7 e tre figure: la sota (10), il caballo (11) e il rey (12). Non ci sono né 8 né 9. I numeri delle figure sono diversi da quelli del mazzo italiano, ma l’ordine e i valori sono gli stessi.',
          'Dalla più alta alla più bassa: asso, tre, re, cavallo, fante, 7, 6, 5, 4, 2. Asso 11, tre 10, re 4, cavallo 3, fante 2: 120 punti in tutto.',
        ],
      },
      {
        title: 'Distribuzione e gioco',
        text: [
          'Tre carte a testa; la carta successiva si gira sotto il mazzo e decide il seme di briscola, il palo de triunfo. Si apre con una carta qualsiasi e si risponde con una carta qualsiasi: finché c’è il mazzo nessuno è obbligato a rispondere al seme. Prende la briscola più alta, altrimenti la carta più alta del seme di uscita. Chi prende pesca per primo e apre la presa successiva.',
          'Finito il mazzo, le ultime tre prese si giocano senza pescare. Con 61 punti si vince la mano; il 60 a 60 è pareggio. Spesso si gioca al meglio delle tre o delle cinque mani.',
        ],
      },
      {
        title: 'Lo scambio della briscola',
        text: ['La briscola scoperta non è solo un segnaposto: può cambiare di mano.'],
        list: [
          'Il 7 di briscola può prendere la briscola scoperta se questa è più alta del 7: fante, cavallo, re, tre o asso.',
          'Il 2 di briscola può prenderla se la carta scoperta è un 4, 5, 6 o 7.',
          'Lo scambio si fa all’inizio del proprio turno, prima di giocare, e solo finché c’è il mazzo. Secondo l’opzione scelta si può fare a ogni proprio turno oppure solo subito dopo aver vinto una presa.',
        ],
      },
      {
        title: 'Opzioni',
        text: ['La Brisca ha molte usanze regionali; queste si possono attivare quando inizi una partita.'],
        list: [
          'Mano negra: chi ha insieme asso, tre e re di briscola vince subito la mano — li mostra, e la mano è sua qualunque sia il punteggio.',
          'Finale alla valenciana: finito il mazzo, nelle ultime tre prese bisogna rispondere al seme, e le briscole conservate con cura possono essere costrette a uscire su prese povere.',
          'Mazzo catalano: 48 carte con gli 8 e i 9, che non valgono punti e stanno fra il 7 e il fante. Le prese ricche diventano più rare e più preziose.',
          'Brisca rápida: un mazzo da 20 carte con soli assi, tre e figure. Ogni carta vale punti, ogni presa conta, e una mano dura pochi minuti.',
        ],
      },
    ],
    tips: [
      'Non sottovalutare mai il tre: batte re, cavallo e fante e vale 10. Chi comincia perde punti su punti trattandolo come una carta piccola.',
      'Tieni d’occhio la briscola scoperta. Se è una carta di valore e tu hai il 7 di briscola, lo scambio spesso vale quanto una presa intera.',
      'Apri con le carte povere e conserva assi e tre per le prese che puoi vincere — o per quelle che sta vincendo il tuo compagno.',
      'A coppie, carica: quando una briscola forte del compagno tiene la presa, buttaci il tuo tre di un altro seme e sono dieci punti per la squadra.',
      'Con il finale alla valenciana pensa in anticipo: quando sarai obbligato a rispondere al seme, una briscola conservata può essere tirata fuori da un avversario che apre di briscola.',
      countTip,
    ],
  },

  bisca: {
    intro:
      'La Bisca è la cugina portoghese: si gioca con un mazzo francese senza 8, 9 e 10. Il sette — chiamato bisca o manilha — sale al secondo posto, subito sotto l’asso.',
    sections: [
      {
        title: 'Carte e valori',
        text: [
          'Quaranta carte francesi in quattro semi: quadri, cuori, picche e fiori (in portoghese ouros, copas, espadas e paus). Dalla più alta alla più bassa: asso, 7, re, fante, donna, 6, 5, 4, 3, 2.',
          'Il fante sta sopra la donna perché nei vecchi mazzi portoghesi la donna aveva preso il posto del fante a piedi. Con i valori semplificati la donna vale 3 e sta sopra il fante, che vale 2, proprio come nella Briscola.',
        ],
        list: ['Asso (ás): 11 punti', 'Sette (sete, bisca o manilha): 10 punti', 'Re (rei): 4 punti', 'Fante (valete): 3 punti', 'Donna (dama): 2 punti', 'Le altre (“a palha”, la paglia): nessun punto'],
      },
      {
        title: 'Il gioco',
        text: [
          'Ogni giocatore riceve, una alla volta, le carte previste dalla variante. La carta successiva si gira e decide la briscola (trunfo); si mette in fondo al mazzo, in parte visibile. Il gioco è libero: qualunque carta su qualunque presa. Prende la briscola più alta, altrimenti la carta più alta del seme di uscita. Chi prende pesca per primo e apre la presa successiva.',
          'Alla fine ogni parte conta i suoi punti: con più di 60 si vince la mano. La Bisca si gioca in due, in tre (togliendo un 2) o in quattro a coppie, con i compagni di fronte.',
        ],
      },
      {
        title: 'Varianti',
        text: [],
        list: [
          'Bisca dos Três: tre carte a testa — il gioco normale.',
          'Bisca dos Sete: sette carte a testa, con molto di più da pianificare.',
          'Bisca dos Nove: nove carte a testa.',
        ],
      },
    ],
    tips: [
      'Qui la carta grossa è il 7: un 7 in tavola vale 10 punti e lo prendono solo il suo asso o una briscola.',
      'Apri con la paglia — dal 6 al 2 — per far scoprire il gioco all’avversario senza rischiare punti.',
      'Con sette o nove carte in mano pianifica intere sequenze: tieni da parte una briscola per ogni carta di valore che ti aspetti dall’avversario.',
      'Spendi le briscole sulle prese con un asso o un 7, non sulle carte che non valgono niente.',
      countTip,
    ],
  },

  scoperta: {
    intro:
      'La Briscola scoperta — in spagnolo Brisca descubierta — si gioca con tutto in vista: le mani sono a carte scoperte e si vede anche la prossima carta del mazzo. La fortuna conta poco: diventa un gioco di pura pianificazione.',
    sections: [
      {
        title: 'Che cosa cambia',
        text: [
          'Gioco e punteggio sono quelli della Briscola: stesso ordine, stessi valori, nessun obbligo di rispondere al seme. Però le carte si distribuiscono scoperte a tutti e il mazzo è girato in modo che la prima carta — la prossima da pescare — sia visibile.',
          'Dato che sai sempre che cosa ha in mano ognuno e che cosa pescherà, puoi calcolare più prese in anticipo.',
        ],
      },
      cards,
      trick,
      {
        title: 'Un’ottima maestra',
        text: [
          'Il gioco scoperto è un ottimo modo per imparare: si vede perché una carta prende, quanto vale una briscola e come una sola presa con asso e tre possa ribaltare la mano.',
        ],
      },
    ],
    tips: [
      'Guarda che cosa porterà la prossima pesca a ciascuno: a volte conviene lasciare la presa, perché chi la vince pescherebbe la carta che vuoi tu.',
      'Pianifica sequenze di prese, non singole giocate. Con tutto in vista, un errore non si può dare alla sfortuna.',
      'Ricordare le carte già uscite conta ancora: le prese raccolte non sono in vista, e i punti che contengono decidono la mano.',
      'Conserva assi e tre finché non sono al sicuro, e spendi le briscole solo dove ci sono punti da prendere.',
    ],
  },

  briscolone: {
    intro:
      'Il Briscolone è un gioco per due senza seme di briscola, che si gioca su più mani finché qualcuno arriva a 121 o 151 punti.',
    sections: [
      {
        title: 'Come si gioca',
        text: [
          'Carte, ordine e valori sono quelli della Briscola, e ognuno parte con tre carte. Senza briscola, la presa va sempre alla carta più alta del seme di uscita; una carta di un altro seme non prende mai. Chi prende pesca per primo e apre la presa successiva.',
          'I punti delle carte si sommano di mano in mano finché un giocatore raggiunge il traguardo di 121 o 151.',
        ],
      },
      {
        title: 'Opzioni',
        text: ['Il Briscolone si gioca in vari modi; scegli il tuo quando inizi la partita.'],
        list: [
          'Rispondere al seme alla fine: nelle ultime tre prese bisogna rispondere al seme e prendere, se si può.',
          'Cinque carte in mano: cinque carte a testa invece di tre.',
          'La prima carta fa briscola: il seme della primissima carta giocata diventa briscola per tutta la mano, e nessuno è obbligato a rispondere al seme.',
        ],
      },
      cards,
    ],
    tips: [
      'Senza briscola l’asso non si può battere nel suo seme: aprilo quando i punti in gioco lo meritano. Il tre è al sicuro quando il suo asso è uscito.',
      'Prende solo il seme di uscita, quindi un seme lungo è potere: tieni carte nei semi in cui l’avversario è rimasto scoperto.',
      'Quando alla fine bisogna rispondere al seme, conta i semi prima: puoi costringere l’avversario a cederti un asso.',
      'Tieni d’occhio il totale: vicino al traguardo pochi punti sicuri possono valere più di una grossa presa rischiosa.',
    ],
  },

  chiamata: {
    intro:
      'La Briscola chiamata è la versione per cinque, e per molti la più divertente di tutte: otto carte a testa, niente mazzo, un’asta e un compagno che nessuno conosce finché non esce una certa carta.',
    sections: [
      {
        title: 'La distribuzione',
        text: ['Si distribuiscono tutte le 40 carte, otto a testa. Non resta nessun mazzo e non si gira nessuna carta.'],
      },
      {
        title: 'L’asta',
        text: [
          'A partire dal giocatore dopo il mazziere, si offre a turno per il diritto di chiamare una carta. Le offerte scendono lungo l’ordine delle carte — asso, tre, re, cavallo, fante, 7, 6, 5, 4, 2 — per cui dopo un «tre» il giocatore seguente può dire solo «re» o meno. Dopo il «due» si continua a punti: «due a 61», «due a 65» e così via, fino a 120. Chi passa è fuori dall’asta per questa mano; l’ultimo rimasto la vince.',
        ],
      },
      {
        title: 'Briscola e compagno',
        text: [
          'Chi vince l’asta dichiara il seme della carta offerta — per esempio il tre di coppe. Le coppe diventano briscola e chi ha il tre di coppe è il compagno segreto del chiamante. Nessuno sa chi sia finché la carta non esce, e il compagno non deve dirlo. Il chiamante può perfino chiamare una carta che ha lui e giocare da solo contro gli altri quattro.',
        ],
      },
      {
        title: 'Gioco e punteggio',
        text: [
          'Le otto prese si giocano come nella Briscola. Chiamante e compagno sommano i loro punti e devono fare almeno i punti offerti (61 se l’asta non è salita).',
        ],
        list: [
          'La squadra del chiamante ce la fa: chiamante +2, compagno +1, ogni altro giocatore −1.',
          'La squadra del chiamante non ce la fa: chiamante −2, compagno −1, ogni altro giocatore +1.',
          'Chiamante da solo: ±4 per il chiamante e ∓1 per ciascuno degli altri.',
          'Tutti i 120 punti (cappotto): ogni punteggio raddoppia.',
        ],
      },
      {
        title: 'La partita',
        text: ['I punti partita si sommano di mano in mano; la partita finisce quando qualcuno raggiunge il totale concordato, fra 10 e 20.'],
      },
    ],
    tips: [
      'Chiama la briscola più alta che non hai: così il tuo compagno ha la carta che rende più forte la vostra mano insieme.',
      'Da compagno puoi seminare false piste — lasciar andare una presa, o caricare una presa che vincerà un avversario — per tenere tutti nel dubbio.',
      'Osserva chi carica chi: spesso il compagno si tradisce dando punti al chiamante prima che la carta chiamata esca.',
      'Anche con solo carte piccole nel seme migliore si può competere: tieni bassa la carta e alza i punti.',
    ],
  },

  dupla: {
    intro:
      'La Dupla briškula — la briscola doppia — è il modo dalmata di giocare a Briscola in due, diffuso lungo la costa croata, slovena e montenegrina: ognuno gioca due carte in ogni presa.',
    sections: [
      {
        title: 'Che cosa cambia',
        text: [
          'Mazzo, ordine, valori e briscola sono quelli della Briscola, ma ognuno ha quattro carte in mano. Chi apre gioca una carta, l’altro risponde, chi ha aperto gioca una seconda carta e l’altro una seconda: quattro carte in ogni presa. Prende la briscola più alta, altrimenti la carta più alta del primo seme giocato.',
          'Chi vince raccoglie tutte e quattro le carte; entrambi pescano due carte, prima il vincitore, per tornare a quattro, e chi ha preso apre la presa successiva. Con 61 punti si vince la mano.',
        ],
      },
      cards,
    ],
    tips: [
      'Vedi la prima carta dell’avversario prima di giocare la tua prima, e lui vede la tua prima della sua seconda: tieni una carta forte per la seconda giocata.',
      'Una presa doppia può contenere molti punti: non buttarci un asso se non sei sicuro di chi la prenderà.',
      'Con due carte a testa per presa il mazzo finisce in fretta: comincia a contare presto.',
    ],
  },
};
