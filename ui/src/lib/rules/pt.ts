import type { RulesBook, RulesSection } from './types';

const cards: RulesSection = {
  title: 'As cartas',
  text: [
    'Joga-se com um baralho italiano de 40 cartas: quatro naipes — ouros, copas, espadas e paus — cada um com as cartas do ás ao 7 e três figuras: o valete (fante), o cavalo (cavallo) e o rei (re). Com um baralho francês tiram-se os 8, os 9 e os 10, e a dama ocupa o lugar do cavalo.',
    'A ordem das cartas é invulgar. Da mais alta para a mais baixa: ás, três, rei, cavalo, valete, 7, 6, 5, 4, 2. O três é a segunda carta do naipe e o 7 é a carta sem valor mais alta.',
    'Só cinco cartas de cada naipe valem pontos: ás 11, três 10, rei 4, cavalo 3, valete 2. São 30 pontos por naipe e 120 no baralho inteiro. Os ases e os três — os carichi, as «cargas», como dizem os italianos — são o centro do jogo.',
  ],
};

const trick: RulesSection = {
  title: 'A vaza',
  text: [
    'O jogador a seguir a quem dá as cartas sai com uma carta qualquer; os outros jogam uma carta cada um, à vez. Qualquer carta serve: nunca é obrigatório assistir ao naipe nem jogar trunfo.',
  ],
  list: [
    'Se alguém jogou trunfo, ganha o trunfo mais alto.',
    'Caso contrário, ganha a carta mais alta do naipe de saída.',
    'Uma carta de outro naipe nunca pode ganhar.',
  ],
};

const countTip = 'Conta as cartas. São só 40 e no fim já viste quase todas. Nas três últimas vazas de um jogo a dois sabes exatamente que cartas tem o teu adversário: é aí que se decidem os jogos renhidos.';

export const pt: RulesBook = {
  briscola: {
    intro:
      'A Briscola é o jogo de vazas preferido dos italianos: aprende-se em poucos minutos, com 40 cartas, três na mão e um naipe de trunfo virado no início. Nunca é obrigatório assistir: a arte está em saber quando gastar um trunfo, quando deixar passar uma vaza e quando guardar os ases.',
    sections: [
      cards,
      {
        title: 'Jogadores e parcerias',
        text: [
          'A dois joga-se um contra um. A três, cada um joga por si e tira-se um 2 para as cartas se dividirem por igual. A quatro joga-se em parcerias, com os parceiros sentados frente a frente. A seis formam-se duas equipas de três, sentadas alternadamente, e tiram-se os quatro 2. Os parceiros somam os seus pontos.',
        ],
      },
      {
        title: 'A distribuição',
        text: [
          'Cada jogador recebe três cartas. A carta seguinte vira-se para cima e fica meio escondida debaixo do monte: é a briscola, e o seu naipe é trunfo durante toda a mão. Como é a última carta a ser tirada, toda a gente sabe qual sai no fim.',
        ],
      },
      trick,
      {
        title: 'A compra',
        text: [
          'Quem ganha a vaza recolhe as cartas viradas para baixo, compra primeiro do monte e sai na vaza seguinte; depois compram os outros, à vez, e todos voltam a ter três cartas. Acabados o monte e a briscola, as últimas vazas jogam-se com o que resta na mão.',
        ],
      },
      {
        title: 'A pontuação',
        text: [
          'Jogadas todas as cartas, cada lado conta os seus pontos. Com 61 ou mais ganha-se a mão; o 60–60 é um empate, que conta como empate ou se joga de novo, conforme a opção. A três ganha quem tiver mais pontos.',
          'Normalmente joga-se à melhor de três ou de cinco mãos. Com os pontos de jogo, uma vitória vale 1, uma vitória com 91 ou mais vale 2 e os 120 pontos valem 3; joga-se até 12.',
        ],
      },
      {
        title: 'Opção: o 2 fica com a briscola',
        text: ['Antes da primeira vaza, quem tem o 2 de trunfo pode trocá-lo pela briscola virada.'],
      },
    ],
    tips: [
      'Sai com cartas sem valor. Um 2, 4, 5, 6 ou 7 de um naipe qualquer não oferece nada, e se o adversário o ganhar gastou uma carta para nada.',
      'Guarda os ases e os três até poderes ganhar uma vaza com eles, ou até o adversário ser obrigado a deixá-los para ti.',
      'Gasta os trunfos nas vazas que contam. Cortar uma carta sem valor é desperdício; cortar um ás ou um três é precisamente o objetivo.',
      'Um três só está seguro depois de o seu ás ter saído. Se saíres com um três enquanto o ás anda por aí, podes perder 21 pontos numa só vaza.',
      'Ganha as vazas certas, não muitas vazas. Uma vaza com ás e três vale 21 pontos; três vazas de cartas pequenas podem não valer nada.',
      countTip,
      'Com parceiro, carrega as vazas da tua equipa: quando o parceiro tem a vaza garantida, deita-lhe a tua carta mais valiosa em vez de uma sem valor — e nunca tires uma vaza à tua própria equipa.',
    ],
  },

  brisca: {
    intro:
      'A Brisca é o ramo espanhol da família: joga-se em bares, jardins e reuniões de família por toda a Espanha, com o baralho espanhol de 40 cartas. Joga-se como a Briscola, com um toque próprio: um trunfo baixo pode trocar-se pela carta virada debaixo do monte.',
    sections: [
      {
        title: 'O baralho espanhol',
        text: [
          'Quatro naipes — oros (ouros), copas, espadas e bastos (paus) — com as cartas de 1 a 7 e três figuras: a sota (10), o caballo (11) e o rey (12). Não há 8 nem 9. Os números das figuras são diferentes dos do baralho italiano, mas a ordem e os valores são os mesmos.',
          'Da mais alta para a mais baixa: ás, três, rei, cavalo, valete, 7, 6, 5, 4, 2. Ás 11, três 10, rei 4, cavalo 3, valete 2: 120 pontos ao todo.',
        ],
      },
      {
        title: 'Distribuição e jogo',
        text: [
          'Três cartas a cada um; a seguinte vira-se debaixo do monte e marca o naipe de trunfo. Sai-se com qualquer carta e responde-se com qualquer carta: enquanto houver monte ninguém é obrigado a assistir. Ganha o trunfo mais alto ou, se não houver, a carta mais alta do naipe de saída. Quem ganha compra primeiro e sai na vaza seguinte.',
          'Acabado o monte, as três últimas vazas jogam-se sem comprar. Com 61 pontos ganha-se a mão; o 60–60 é empate. Muitas vezes joga-se à melhor de três ou de cinco mãos.',
        ],
      },
      {
        title: 'A troca do trunfo',
        text: ['O trunfo virado não está lá só de enfeite: pode mudar de mãos.'],
        list: [
          'O 7 de trunfo pode ficar com o trunfo virado se este for mais alto do que o 7: valete, cavalo, rei, três ou ás.',
          'O 2 de trunfo pode ficar com ele se a carta virada for um 4, 5, 6 ou 7.',
          'A troca faz-se no início da tua vez, antes de jogar, e só enquanto houver monte. Conforme a opção, pode fazer-se em qualquer vez tua ou só logo depois de ganhares uma vaza.',
        ],
      },
      {
        title: 'Opções',
        text: ['A Brisca tem muitos costumes regionais; estes podem ligar-se ao começar um jogo.'],
        list: [
          'Mano negra: quem junta o ás, o três e o rei de trunfo ganha a mão de imediato — mostra-os e a mão é sua, sejam quais forem os pontos.',
          'Final valenciano: acabado o monte, é obrigatório assistir nas três últimas vazas, e os trunfos guardados com cuidado podem ter de sair em vazas pobres.',
          'Baralho catalão: 48 cartas com os 8 e os 9, que não valem nada e ficam entre o 7 e o valete. As vazas ricas tornam-se mais raras e mais valiosas.',
          'Brisca rápida: um baralho de 20 cartas só com ases, três e figuras. Todas as cartas valem pontos, todas as vazas contam, e uma mão dura poucos minutos.',
        ],
      },
    ],
    tips: [
      'Nunca subestimes o três: ganha ao rei, ao cavalo e ao valete, e vale 10. Quem está a começar perde pontos atrás de pontos por o tratar como uma carta pequena.',
      'Repara no trunfo virado. Se for uma carta valiosa e tiveres o 7 de trunfo, a troca vale muitas vezes uma vaza inteira.',
      'Sai com cartas pobres e guarda os ases e os três para as vazas que podes ganhar — ou para as que o teu parceiro está a ganhar.',
      'Em parcerias, carrega: quando um trunfo forte do parceiro segura a vaza, deita-lhe o teu três de outro naipe e são dez pontos para o teu lado.',
      'Com o final valenciano, pensa antes: quando for obrigatório assistir, um trunfo que guardaste pode ser arrancado por um adversário que sai de trunfo.',
      countTip,
    ],
  },

  bisca: {
    intro:
      'A Bisca é a versão portuguesa da Briscola: joga-se com um baralho francês sem 8, 9 e 10. A sete — a bisca ou manilha — sobe ao segundo lugar, logo abaixo do ás.',
    sections: [
      {
        title: 'Cartas e valores',
        text: [
          'Quarenta cartas francesas em quatro naipes: ouros, copas, espadas e paus. Da mais alta para a mais baixa: ás, 7, rei, valete, dama, 6, 5, 4, 3, 2.',
          'O valete está acima da dama porque nos antigos baralhos portugueses a dama ocupava o lugar da sota. Com os valores simplificados a dama vale 3 e fica acima do valete, que vale 2, tal como na Briscola.',
        ],
        list: ['Ás: 11 pontos', 'Sete (bisca ou manilha): 10 pontos', 'Rei: 4 pontos', 'Valete: 3 pontos', 'Dama: 2 pontos', 'As restantes («a palha»): nenhum ponto'],
      },
      {
        title: 'O jogo',
        text: [
          'Cada jogador recebe, uma a uma, as cartas da variante escolhida. A seguinte vira-se para marcar o trunfo e põe-se no fundo do baralho, parcialmente à vista. O jogo é livre: qualquer carta em qualquer vaza. Ganha o trunfo mais alto ou, se não houver, a carta mais alta do naipe de saída. Quem ganha compra primeiro e sai na vaza seguinte.',
          'No fim cada lado conta os seus pontos: com mais de 60 ganha-se a mão. A Bisca joga-se a dois, a três (tirando um 2) ou a quatro em parcerias, com os parceiros frente a frente.',
        ],
      },
      {
        title: 'Variantes',
        text: [],
        list: [
          'Bisca dos Três: três cartas a cada um — o jogo normal.',
          'Bisca dos Sete: sete cartas a cada um, com muito mais para planear.',
          'Bisca dos Nove: nove cartas a cada um.',
        ],
      },
    ],
    tips: [
      'Aqui a carta grande é a sete: uma sete na mesa vale 10 pontos e só o seu ás ou um trunfo a levam.',
      'Sai com a palha — do 6 ao 2 — para obrigar o adversário a mostrar o jogo sem arriscar pontos.',
      'Com sete ou nove cartas na mão, planeia sequências inteiras: guarda um trunfo para cada carta valiosa que esperas do adversário.',
      'Gasta os trunfos em vazas com um ás ou uma sete, não em cartas que não valem nada.',
      countTip,
    ],
  },

  scoperta: {
    intro:
      'A Bisca descoberta — Briscola scoperta em Itália, Brisca descubierta em Espanha — joga-se com tudo à vista: as mãos estão viradas para cima e vê-se também a próxima carta do monte. A sorte quase não conta: torna-se um jogo de pura planificação.',
    sections: [
      {
        title: 'O que muda',
        text: [
          'O jogo e a pontuação são os da Briscola: a mesma ordem, os mesmos valores e nenhuma obrigação de assistir. Mas as cartas dão-se viradas para cima a todos, e o monte é virado de modo que a primeira carta — a próxima a ser comprada — fique à vista.',
          'Como sabes sempre o que cada um tem e o que vai comprar, podes calcular várias vazas com antecedência.',
        ],
      },
      cards,
      trick,
      {
        title: 'Uma boa professora',
        text: [
          'O jogo descoberto é uma ótima maneira de aprender: vê-se porque é que uma carta ganha, quanto vale um trunfo e como uma só vaza com ás e três vira a mão do avesso.',
        ],
      },
    ],
    tips: [
      'Vê o que a próxima compra vai dar a cada um: às vezes compensa deixar passar uma vaza, porque quem a ganhar compraria a carta que tu queres.',
      'Planeia sequências de vazas, não jogadas soltas. Com tudo à vista, um erro não se pode pôr na conta do azar.',
      'Lembrar o que já saiu continua a contar: as vazas ganhas não estão à vista e os seus pontos decidem a mão.',
      'Guarda os ases e os três até estarem seguros, e gasta trunfos só onde houver pontos para levar.',
    ],
  },

  briscolone: {
    intro:
      'O Briscolone é um jogo para dois sem naipe de trunfo, jogado em várias mãos até alguém chegar aos 121 ou 151 pontos.',
    sections: [
      {
        title: 'Como se joga',
        text: [
          'As cartas, a ordem e os valores são os da Briscola, e cada jogador começa com três cartas. Sem trunfo, a vaza é sempre da carta mais alta do naipe de saída; uma carta de outro naipe nunca ganha. Quem ganha compra primeiro e sai na vaza seguinte.',
          'Os pontos das cartas somam-se de mão para mão até um jogador chegar à meta de 121 ou 151.',
        ],
      },
      {
        title: 'Opções',
        text: ['O Briscolone joga-se de várias maneiras; escolhe a tua ao começar o jogo.'],
        list: [
          'Assistir no fim: nas três últimas vazas é obrigatório assistir ao naipe e ganhar a vaza, se possível.',
          'Mãos de cinco cartas: cinco cartas a cada um em vez de três.',
          'A primeira carta faz o trunfo: o naipe da primeiríssima carta jogada é trunfo durante toda a mão, e ninguém é obrigado a assistir.',
        ],
      },
      cards,
    ],
    tips: [
      'Sem trunfo, o ás não tem quem o ganhe no seu naipe: sai com ele quando os pontos em jogo o justificarem. O três fica seguro quando o seu ás já saiu.',
      'Só ganha o naipe de saída, por isso um naipe comprido é poder: guarda cartas dos naipes que faltam ao adversário.',
      'Quando no fim for obrigatório assistir, conta os naipes antes: podes obrigar o adversário a largar um ás.',
      'Não percas de vista o total: perto da meta, uns poucos pontos seguros podem valer mais do que uma grande vaza arriscada.',
    ],
  },

  chiamata: {
    intro:
      'A Briscola chiamata é a versão para cinco e, para muitos, a mais divertida de todas: oito cartas a cada um, sem monte, um leilão e um parceiro que ninguém conhece até sair uma certa carta.',
    sections: [
      {
        title: 'A distribuição',
        text: ['Dão-se as 40 cartas, oito a cada jogador. Não fica monte nem se vira nenhuma carta.'],
      },
      {
        title: 'O leilão',
        text: [
          'A começar pelo jogador a seguir a quem dá, cada um licita à vez pelo direito de chamar uma carta. As licitações descem pela ordem das cartas — ás, três, rei, cavalo, valete, 7, 6, 5, 4, 2 — por isso depois de um «três» o seguinte só pode dizer «rei» ou menos. Depois do «dois» continua-se por pontos: «dois com 61», «dois com 65» e assim por diante, até 120. Quem passa fica fora do leilão nesta mão; o último que resta ganha-o.',
        ],
      },
      {
        title: 'Trunfo e parceiro',
        text: [
          'Quem ganha o leilão diz o naipe da carta licitada — por exemplo, o três de copas. As copas passam a trunfo, e quem tem o três de copas é o parceiro secreto de quem chamou. Ninguém sabe quem é até a carta sair, e o parceiro não o pode dizer. Quem chama pode até chamar uma carta sua e jogar sozinho contra os outros quatro.',
        ],
      },
      {
        title: 'Jogo e pontuação',
        text: [
          'As oito vazas jogam-se como na Briscola. Quem chamou e o parceiro somam os pontos e precisam de pelo menos os pontos licitados (61 se o leilão não subiu).',
        ],
        list: [
          'O lado de quem chamou consegue: quem chamou +2, parceiro +1, cada um dos outros −1.',
          'O lado de quem chamou falha: quem chamou −2, parceiro −1, cada um dos outros +1.',
          'Quem chamou joga sozinho: ±4 para ele e ∓1 para cada um dos outros.',
          'Os 120 pontos (cappotto): todas as pontuações duplicam.',
        ],
      },
      {
        title: 'O jogo completo',
        text: ['Os pontos de jogo somam-se de mão para mão; o jogo acaba quando alguém chega ao total combinado, entre 10 e 20.'],
      },
    ],
    tips: [
      'Chama o trunfo mais alto que não tens: assim o teu parceiro tem a carta que torna mais forte a vossa mão em conjunto.',
      'Se fores o parceiro, podes deixar pistas falsas — deixar passar uma vaza ou carregar uma que um adversário vai ganhar — para manter todos na dúvida.',
      'Repara em quem dá pontos a quem: o parceiro denuncia-se muitas vezes ao carregar quem chamou antes de a carta chamada sair.',
      'Mesmo só com cartas pequenas no teu melhor naipe podes competir: mantém a carta baixa e sobe os pontos.',
    ],
  },

  dupla: {
    intro:
      'A Dupla briškula — a briscola dupla — é a maneira dálmata de jogar Briscola a dois, muito popular na costa da Croácia, da Eslovénia e do Montenegro: cada um joga duas cartas em cada vaza.',
    sections: [
      {
        title: 'O que muda',
        text: [
          'O baralho, a ordem, os valores e o trunfo são os da Briscola, mas cada jogador tem quatro cartas. Quem sai joga uma carta, o outro responde, quem saiu joga uma segunda e o outro uma segunda: quatro cartas em cada vaza. Ganha o trunfo mais alto ou, se não houver, a carta mais alta do primeiro naipe jogado.',
          'Quem ganha leva as quatro cartas; os dois compram duas cartas, primeiro o vencedor, para voltarem a ter quatro, e o vencedor sai na vaza seguinte. Com 61 pontos ganha-se a mão.',
        ],
      },
      cards,
    ],
    tips: [
      'Vês a primeira carta do adversário antes de jogares a tua primeira, e ele vê a tua antes da segunda dele: guarda uma carta forte para a tua segunda jogada.',
      'Uma vaza dupla pode levar muitos pontos: não deites lá um ás sem teres a certeza de quem a vai ganhar.',
      'Com duas cartas por jogador em cada vaza o monte acaba depressa, por isso começa a contar cedo.',
    ],
  },
};
