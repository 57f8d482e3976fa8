import type { RulesBook, RulesSection } from './types';

const cards: RulesSection = {
  title: 'Las cartas',
  text: [
    'Se juega con una baraja de 40 cartas: cuatro palos — oros, copas, espadas y bastos — cada uno con las cartas del as al 7 y tres figuras: la sota, el caballo y el rey. Con una baraja francesa se quitan los 8, los 9 y los 10, y la reina ocupa el lugar del caballo.',
    'El orden de las cartas es distinto al de casi todos los juegos. De mayor a menor: as, tres, rey, caballo, sota, 7, 6, 5, 4, 2. El tres es la segunda carta del palo y el 7 es la carta sin valor más alta.',
    'Solo cinco cartas de cada palo dan puntos: as 11, tres 10, rey 4, caballo 3, sota 2. Son 30 puntos por palo y 120 en toda la baraja. Los ases y los treses — los carichi, las «cargas», como dicen los italianos — son el centro de la partida.',
  ],
};

const trick: RulesSection = {
  title: 'La baza',
  text: [
    'El jugador que sigue al que reparte sale con cualquier carta; los demás juegan una carta cada uno por turno. Vale cualquier carta: nunca es obligatorio asistir al palo ni echar triunfo.',
  ],
  list: [
    'Si se ha jugado algún triunfo, gana el triunfo más alto.',
    'Si no, gana la carta más alta del palo de salida.',
    'Una carta de otro palo no puede ganar nunca.',
  ],
};

const countTip = 'Cuenta las cartas. Solo hay 40 y al final ya has visto casi todas. En las tres últimas bazas de una partida a dos sabes exactamente qué cartas tiene tu rival: ahí es donde se deciden las partidas igualadas.';

export const es: RulesBook = {
  briscola: {
    intro:
      'La Briscola es el juego de bazas favorito de Italia: se aprende en unos minutos, con 40 cartas, tres en la mano y un palo de triunfo que se descubre al principio. Nunca hay que asistir al palo: la habilidad está en saber cuándo gastar un triunfo, cuándo dejar pasar una baza y cuándo guardar los ases.',
    sections: [
      cards,
      {
        title: 'Jugadores y parejas',
        text: [
          'A dos se juega uno contra uno. A tres, cada uno juega por su cuenta y se quita un 2 para que las cartas se repartan por igual. A cuatro se juega por parejas, con los compañeros sentados frente a frente. A seis se forman dos equipos de tres, sentados de forma alterna, y se quitan los cuatro doses. Los compañeros suman sus puntos.',
        ],
      },
      {
        title: 'El reparto',
        text: [
          'Cada jugador recibe tres cartas. La siguiente se pone boca arriba, medio metida bajo el mazo: es la briscola, y su palo es el triunfo de toda la mano. Como es la última carta que se roba, todo el mundo sabe qué carta saldrá la última.',
        ],
      },
      trick,
      {
        title: 'El robo',
        text: [
          'Quien gana la baza recoge las cartas boca abajo, roba el primero del mazo y sale en la baza siguiente; después roban los demás por turno, así que todos vuelven a tener tres cartas. Cuando se acaban el mazo y la briscola, las últimas bazas se juegan con lo que queda en la mano.',
        ],
      },
      {
        title: 'La puntuación',
        text: [
          'Jugadas todas las cartas, cada bando cuenta sus puntos. Con 61 o más se gana la mano; el 60 a 60 es un empate, que cuenta como tablas o se repite según la opción elegida. A tres gana quien tenga más puntos.',
          'Lo normal es jugar al mejor de tres o de cinco manos. Con los puntos de juego, ganar vale 1, ganar con 91 o más vale 2 y hacer los 120 puntos vale 3; se juega a 12.',
        ],
      },
      {
        title: 'Opción: el 2 se lleva la briscola',
        text: ['Antes de la primera baza, quien tenga el 2 de triunfo puede cambiarlo por la briscola descubierta.'],
      },
    ],
    tips: [
      'Sal con cartas sin valor. Un 2, 4, 5, 6 o 7 de un palo normal no regala nada, y si tu rival se la lleva habrá gastado una carta para nada.',
      'Guarda los ases y los treses hasta que puedas ganar una baza con ellos o tu rival se vea obligado a dejártelos.',
      'Gasta los triunfos en las bazas que importan. Fallar una carta sin valor es desperdiciarlo; fallar un as o un tres es justo el objetivo.',
      'Un tres solo está a salvo cuando su as ya ha salido. Si sales con un tres mientras el as sigue en juego, puedes perder 21 puntos en una sola baza.',
      'Gana las bazas buenas, no muchas bazas. Una baza con as y tres vale 21 puntos; tres bazas de cartas pequeñas pueden no valer nada.',
      countTip,
      'Con compañero, carga las bazas de tu equipo: cuando tu compañero tenga la baza asegurada, echa tu carta de más valor en vez de una sin valor — y nunca le quites una baza a tu propio equipo.',
    ],
  },

  brisca: {
    intro:
      'La Brisca es la rama española de la familia: se juega en bares, parques y reuniones familiares de toda España con la baraja española de 40 cartas. Se juega como la Briscola, con un toque propio: un triunfo bajo se puede cambiar por la carta de muestra que hay bajo el mazo.',
    sections: [
      {
        title: 'La baraja española',
        text: [
          'Cuatro palos — oros, copas, espadas y bastos — con las cartas del 1 al 7 y tres figuras: la sota (10), el caballo (11) y el rey (12). No hay ochos ni nueves. Los números de las figuras no coinciden con los de la baraja italiana, pero el orden y los valores son los mismos.',
          'De mayor a menor: as, tres, rey, caballo, sota, 7, 6, 5, 4, 2. As 11, tres 10, rey 4, caballo 3, sota 2: 120 puntos en total.',
        ],
      },
      {
        title: 'Reparto y juego',
        text: [
          'Tres cartas a cada uno; la siguiente se pone boca arriba bajo el mazo y marca el palo de triunfo. Se sale con cualquier carta y se responde con cualquier carta: mientras quede mazo nadie está obligado a asistir. Gana el triunfo más alto o, si no hay, la carta más alta del palo de salida. Quien gana roba el primero y sale en la baza siguiente.',
          'Cuando se acaba el mazo, las tres últimas bazas se juegan sin robar. Con 61 puntos se gana la mano; el 60 a 60 es empate. A menudo se juega al mejor de tres o de cinco manos.',
        ],
      },
      {
        title: 'El cambio de la muestra',
        text: ['La carta de muestra no está solo de adorno: puede cambiar de manos.'],
        list: [
          'El 7 de triunfo puede llevarse la muestra si es más alta que el 7: sota, caballo, rey, tres o as.',
          'El 2 de triunfo puede llevársela si la muestra es un 4, 5, 6 o 7.',
          'El cambio se hace al principio del propio turno, antes de jugar, y solo mientras quede mazo. Según la opción elegida, se puede hacer en cualquier turno propio o solo justo después de ganar una baza.',
        ],
      },
      {
        title: 'Opciones',
        text: ['La Brisca tiene muchas costumbres regionales; estas se pueden activar al empezar una partida.'],
        list: [
          'Mano negra: quien reúne el as, el tres y el rey de triunfo gana la mano en el acto — los enseña y la mano es suya, tenga los puntos que tenga.',
          'Final valenciano: cuando se acaba el mazo hay que asistir al palo en las tres últimas bazas, y los triunfos guardados con mimo pueden tener que salir en bazas pobres.',
          'Baraja catalana: 48 cartas con los ochos y los nueves, que no valen nada y van entre el 7 y la sota. Las bazas ricas son más raras y más valiosas.',
          'Brisca rápida: una baraja de 20 cartas con solo ases, treses y figuras. Todas las cartas dan puntos, todas las bazas cuentan y una mano dura unos pocos minutos.',
        ],
      },
    ],
    tips: [
      'Nunca subestimes el tres: gana al rey, al caballo y a la sota, y vale 10. Quien empieza pierde puntos y más puntos por tratarlo como una carta pequeña.',
      'Vigila la muestra. Si es una carta valiosa y tienes el 7 de triunfo, el cambio suele valer tanto como una baza entera.',
      'Sal con cartas pobres y guarda los ases y los treses para las bazas que puedas ganar — o para las que esté ganando tu compañero.',
      'En parejas, carga: cuando un triunfo fuerte de tu compañero tenga la baza, echa tu tres de otro palo y son diez puntos para tu bando.',
      'Con el final valenciano, piensa por adelantado: cuando haya que asistir, un triunfo que guardaste puede salir a la fuerza si un rival arrastra.',
      countTip,
    ],
  },

  bisca: {
    intro:
      'La Bisca es la prima portuguesa: se juega con una baraja francesa sin ochos, nueves ni dieces. El siete — llamado bisca o manilha — sube al segundo puesto, justo por debajo del as.',
    sections: [
      {
        title: 'Cartas y valores',
        text: [
          'Cuarenta cartas francesas en cuatro palos: diamantes, corazones, picas y tréboles (en portugués ouros, copas, espadas y paus). De mayor a menor: as, 7, rey, jota, reina, 6, 5, 4, 3, 2.',
          'La jota va por encima de la reina porque en las antiguas barajas portuguesas la reina ocupaba el lugar de la sota. Con los valores simplificados la reina vale 3 y va por encima de la jota, que vale 2, igual que en la Briscola.',
        ],
        list: ['As (ás): 11 puntos', 'Siete (sete, bisca o manilha): 10 puntos', 'Rey (rei): 4 puntos', 'Jota (valete): 3 puntos', 'Reina (dama): 2 puntos', 'Las demás («a palha», la paja): ningún punto'],
      },
      {
        title: 'El juego',
        text: [
          'Cada jugador recibe, de una en una, las cartas que marca la variante. La siguiente se pone boca arriba para marcar el triunfo (trunfo) y se coloca al fondo del mazo, medio a la vista. El juego es libre: cualquier carta en cualquier baza. Gana el triunfo más alto o, si no hay, la carta más alta del palo de salida. Quien gana roba el primero y sale en la baza siguiente.',
          'Al final cada bando cuenta sus puntos: con más de 60 se gana la mano. La Bisca se juega a dos, a tres (quitando un 2) o a cuatro por parejas, con los compañeros frente a frente.',
        ],
      },
      {
        title: 'Variantes',
        text: [],
        list: [
          'Bisca dos Três: tres cartas a cada uno — el juego normal.',
          'Bisca dos Sete: siete cartas a cada uno, con mucho más que planear.',
          'Bisca dos Nove: nueve cartas a cada uno.',
        ],
      },
    ],
    tips: [
      'Aquí la carta gorda es el 7: un 7 en la mesa vale 10 puntos y solo se lo llevan su as o un triunfo.',
      'Sal con la paja — del 6 al 2 — para que tu rival enseñe su juego sin arriesgar puntos.',
      'Con siete o nueve cartas en la mano planea secuencias enteras: guarda un triunfo para cada carta valiosa que esperes de tu rival.',
      'Gasta los triunfos en bazas con un as o un 7, no en cartas que no valen nada.',
      countTip,
    ],
  },

  scoperta: {
    intro:
      'La Brisca descubierta — Briscola scoperta en Italia — se juega con todo a la vista: las manos están boca arriba y también se ve la próxima carta del mazo. La suerte cuenta poco: se convierte en un juego de pura planificación.',
    sections: [
      {
        title: 'Qué cambia',
        text: [
          'El juego y la puntuación son los de la Briscola: el mismo orden, los mismos valores y ninguna obligación de asistir. Pero las cartas se reparten boca arriba a todos y el mazo se vuelve para que su primera carta — la próxima que se roba — esté a la vista.',
          'Como siempre sabes qué tiene cada uno y qué va a robar, puedes calcular varias bazas por adelantado.',
        ],
      },
      cards,
      trick,
      {
        title: 'Una buena maestra',
        text: [
          'El juego descubierto es una manera estupenda de aprender: se ve por qué gana una carta, cuánto vale un triunfo y cómo una sola baza con as y tres le da la vuelta a la mano.',
        ],
      },
    ],
    tips: [
      'Mira qué le va a dar el próximo robo a cada uno: a veces conviene dejar pasar una baza, porque quien la gane robaría la carta que tú quieres.',
      'Planea secuencias de bazas, no jugadas sueltas. Con todo a la vista, un error no se puede achacar a la mala suerte.',
      'Recordar lo que ya ha salido sigue importando: las bazas ganadas no están a la vista y sus puntos deciden la mano.',
      'Guarda los ases y los treses hasta que estén a salvo, y gasta triunfos solo donde haya puntos que llevarse.',
    ],
  },

  briscolone: {
    intro:
      'El Briscolone es un juego para dos sin palo de triunfo, que se juega en varias manos hasta que alguien llega a 121 o 151 puntos.',
    sections: [
      {
        title: 'Cómo se juega',
        text: [
          'Las cartas, el orden y los valores son los de la Briscola, y cada jugador empieza con tres cartas. Sin triunfo, la baza siempre es para la carta más alta del palo de salida; una carta de otro palo no gana nunca. Quien gana roba el primero y sale en la baza siguiente.',
          'Los puntos de las cartas se van sumando mano tras mano hasta que un jugador llega a la meta de 121 o 151.',
        ],
      },
      {
        title: 'Opciones',
        text: ['El Briscolone se juega de varias maneras; elige la tuya al empezar la partida.'],
        list: [
          'Asistir al final: en las tres últimas bazas hay que asistir al palo y ganar la baza si se puede.',
          'Manos de cinco cartas: cinco cartas a cada uno en lugar de tres.',
          'La primera carta marca el triunfo: el palo de la primerísima carta jugada es el triunfo de toda la mano, y nadie está obligado a asistir.',
        ],
      },
      cards,
    ],
    tips: [
      'Sin triunfo, al as no se le puede ganar en su palo: sal con él cuando los puntos en juego lo merezcan. El tres está a salvo cuando su as ya ha salido.',
      'Solo gana el palo de salida, así que un palo largo es poder: guarda cartas de los palos que a tu rival se le han acabado.',
      'Cuando al final haya que asistir, cuenta los palos antes: puedes obligar a tu rival a soltar un as.',
      'No pierdas de vista el total: cerca de la meta, unos pocos puntos seguros pueden valer más que una gran baza arriesgada.',
    ],
  },

  chiamata: {
    intro:
      'La Briscola chiamata es la versión para cinco y, para muchos, la más divertida de todas: ocho cartas cada uno, sin mazo, una subasta y un compañero al que nadie conoce hasta que aparece cierta carta.',
    sections: [
      {
        title: 'El reparto',
        text: ['Se reparten las 40 cartas, ocho a cada jugador. No queda mazo ni se descubre ninguna carta.'],
      },
      {
        title: 'La subasta',
        text: [
          'Empezando por el jugador que sigue al que reparte, cada uno puja por turno por el derecho a nombrar una carta. Las pujas bajan por el orden de las cartas — as, tres, rey, caballo, sota, 7, 6, 5, 4, 2 — así que después de un «tres» el siguiente solo puede decir «rey» o menos. Tras el «dos» se sigue por puntos: «dos con 61», «dos con 65» y así hasta 120. Quien pasa queda fuera de la subasta en esta mano; el último que queda la gana.',
        ],
      },
      {
        title: 'Triunfo y compañero',
        text: [
          'Quien gana la subasta dice el palo de la carta pujada — por ejemplo, el tres de copas. Las copas pasan a ser triunfo, y quien tenga el tres de copas es el compañero secreto del que ha llamado. Nadie sabe quién es hasta que sale la carta, y el compañero no puede decirlo. El que llama puede incluso nombrar una carta suya y jugar solo contra los otros cuatro.',
        ],
      },
      {
        title: 'Juego y puntuación',
        text: [
          'Las ocho bazas se juegan como en la Briscola. El que llama y su compañero suman sus puntos y necesitan al menos los puntos pujados (61 si la subasta no subió).',
        ],
        list: [
          'El bando del que llama lo consigue: el que llama +2, el compañero +1, cada uno de los demás −1.',
          'El bando del que llama no lo consigue: el que llama −2, el compañero −1, cada uno de los demás +1.',
          'El que llama juega solo: ±4 para él y ∓1 para cada uno de los demás.',
          'Los 120 puntos (cappotto): todas las puntuaciones se doblan.',
        ],
      },
      {
        title: 'La partida',
        text: ['Los puntos de juego se suman mano tras mano; la partida acaba cuando alguien llega al total acordado, entre 10 y 20.'],
      },
    ],
    tips: [
      'Llama el triunfo más alto que no tengas: así tu compañero tiene la carta que hace más fuerte vuestra mano conjunta.',
      'Si eres el compañero, puedes sembrar pistas falsas — dejar pasar una baza o cargar una que ganará un rival — para que nadie esté seguro.',
      'Fíjate en quién le da puntos a quién: el compañero suele delatarse cargando al que llama antes de que salga la carta nombrada.',
      'Con solo cartas pequeñas en tu mejor palo también se puede competir: mantén baja la carta y sube los puntos.',
    ],
  },

  dupla: {
    intro:
      'La Dupla briškula — la briscola doble — es la forma dálmata de jugar a la Briscola entre dos, muy popular en la costa de Croacia, Eslovenia y Montenegro: cada uno juega dos cartas en cada baza.',
    sections: [
      {
        title: 'Qué cambia',
        text: [
          'La baraja, el orden, los valores y el triunfo son los de la Briscola, pero cada jugador tiene cuatro cartas. El que sale juega una carta, el otro responde, el que salió juega una segunda y el otro una segunda: cuatro cartas en cada baza. Gana el triunfo más alto o, si no hay, la carta más alta del primer palo jugado.',
          'Quien gana se lleva las cuatro cartas; los dos roban dos cartas, primero el ganador, para volver a tener cuatro, y el ganador sale en la baza siguiente. Con 61 puntos se gana la mano.',
        ],
      },
      cards,
    ],
    tips: [
      'Ves la primera carta de tu rival antes de jugar tu primera, y él ve la tuya antes de su segunda: guarda una carta fuerte para tu segunda jugada.',
      'Una baza doble puede llevar muchos puntos: no eches un as en ella si no sabes seguro quién se la va a llevar.',
      'Con dos cartas por jugador en cada baza el mazo se acaba pronto, así que empieza a contar cuanto antes.',
    ],
  },
};
