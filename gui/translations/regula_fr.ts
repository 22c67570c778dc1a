<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>main</name>
    <message>
        <source>Plays any regula rule script.</source>
        <translation>Joue n&apos;importe quel script de règles regula.</translation>
    </message>
    <message>
        <source>a bundled script name (jetan/burroughs) or a .lua file</source>
        <translation>le nom d&apos;un script fourni (jetan/burroughs) ou un fichier .lua</translation>
    </message>
    <message>
        <source>a script option, key=value</source>
        <translation>une option du script, clé=valeur</translation>
    </message>
    <message>
        <source>who plays a seat: NAME=human, NAME=computer (level 3), NAME=ai:1 to NAME=ai:5, NAME=random, or NAME=SPEC (alphabeta:depth=6, ...)</source>
        <translation>qui joue une place : NOM=human, NOM=computer (niveau 3), NOM=ai:1 à NOM=ai:5, NOM=random ou NOM=SPEC (alphabeta:depth=6, ...)</translation>
    </message>
    <message>
        <source>start from this position string</source>
        <translation>partir de cette chaîne de position</translation>
    </message>
    <message>
        <source>seed of the computer players and the dice</source>
        <translation>graine des joueurs ordinateur et des dés</translation>
    </message>
    <message>
        <source>no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); --screenshot FILE draws the window without one</source>
        <translation>aucun écran où ouvrir une fenêtre (ni DISPLAY ni WAYLAND_DISPLAY n&apos;est défini) ; --screenshot FICHIER dessine la fenêtre sans écran</translation>
    </message>
    <message>
        <source>write the window to FILE.png and exit</source>
        <translation>enregistrer la fenêtre dans FICHIER.png et quitter</translation>
    </message>
    <message>
        <source>window size for --screenshot</source>
        <translation>taille de la fenêtre pour --screenshot</translation>
    </message>
    <message>
        <source>the language of the texts (fr, en, ...; default: the settings&apos;, else the system&apos;s)</source>
        <translation>la langue des textes (fr, en, ... ; par défaut : celle des réglages, sinon celle du système)</translation>
    </message>
    <message>
        <source>one script at a time: %1</source>
        <translation>un seul script à la fois : %1</translation>
    </message>
    <message>
        <source>--option needs key=value, not &apos;%1&apos;</source>
        <translation>--option attend clé=valeur, pas « %1 »</translation>
    </message>
    <message>
        <source>--screenshot needs a script</source>
        <translation>--screenshot demande un script</translation>
    </message>
    <message>
        <source>--seed needs a whole number, not &apos;%1&apos;</source>
        <translation>--seed attend un nombre entier, pas « %1 »</translation>
    </message>
    <message>
        <source>--size needs WxH, each from 200 to 8000, not &apos;%1&apos;</source>
        <translation>--size attend LxH, chacun de 200 à 8000, pas « %1 »</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>impossible d&apos;écrire %1</translation>
    </message>
    <message>
        <source>--seat %1: %2</source>
        <translation>--seat %1 : %2</translation>
    </message>
</context>
<context>
    <name>regula::gui::BoardTheme</name>
    <message>
        <source>Classic</source>
        <translation>Classique</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Bleu</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
</context>
<context>
    <name>regula::gui::DiceView</name>
    <message>
        <source>an %1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>a %1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>no piece</source>
        <translation>aucune pièce</translation>
    </message>
    <message>
        <source>any piece</source>
        <translation>n&apos;importe quelle pièce</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <source>%1: %2 may move</source>
        <translation>%1 : %2 peut jouer</translation>
    </message>
</context>
<context>
    <name>regula::gui::ExperimentsChart</name>
    <message>
        <source>Wins</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Nulles</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Pertes</translation>
    </message>
    <message>
        <source>Outcomes (first seat&apos;s side; 95% intervals)</source>
        <translation>Résultats (du côté de la première place ; intervalles à 95 %)</translation>
    </message>
    <message>
        <source>Game lengths (plies)</source>
        <translation>Longueur des parties (demi-coups)</translation>
    </message>
</context>
<context>
    <name>regula::gui::ExperimentsWindow</name>
    <message>
        <source>Experiments</source>
        <translation>Expériences</translation>
    </message>
    <message>
        <source>Choose...</source>
        <translation>Choisir...</translation>
    </message>
    <message>
        <source>Script:</source>
        <translation>Script :</translation>
    </message>
    <message>
        <source>Self-play: compare two readings</source>
        <translation>Jeu contre soi : comparer deux lectures</translation>
    </message>
    <message>
        <source>Match: two players, one reading</source>
        <translation>Match : deux joueurs, une lecture</translation>
    </message>
    <message>
        <source>Experiment:</source>
        <translation>Expérience :</translation>
    </message>
    <message>
        <source>name=value, name=value (empty: the defaults)</source>
        <translation>nom=valeur, nom=valeur (vide : les valeurs par défaut)</translation>
    </message>
    <message>
        <source>Reading A:</source>
        <translation>Lecture A :</translation>
    </message>
    <message>
        <source>Reading B:</source>
        <translation>Lecture B :</translation>
    </message>
    <message>
        <source>Self-play: one player for every seat, or one per seat, comma-separated (random, ai:1 .. ai:N, alphabeta:..., mcts:...). A match: the two players, e.g. ai:2,random.</source>
        <translation>Jeu contre soi : un joueur pour toutes les places, ou un par place, séparés par des virgules (random, ai:1 .. ai:N, alphabeta:..., mcts:...). Un match : les deux joueurs, par exemple ai:2,random.</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>Joueurs :</translation>
    </message>
    <message>
        <source>Games:</source>
        <translation>Parties :</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Graine :</translation>
    </message>
    <message>
        <source>Max plies:</source>
        <translation>Demi-coups au plus :</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Parcourir...</translation>
    </message>
    <message>
        <source>Records file</source>
        <translation>Fichier des parties</translation>
    </message>
    <message>
        <source>Records:</source>
        <translation>Parties enregistrées :</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>%v of %m games</source>
        <translation>%v parties sur %m</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Lecture</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Parties</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Nulles</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Pertes</translation>
    </message>
    <message>
        <source>Wins %</source>
        <translation>Gains %</translation>
    </message>
    <message>
        <source>Draws %</source>
        <translation>Nulles %</translation>
    </message>
    <message>
        <source>Losses %</source>
        <translation>Pertes %</translation>
    </message>
    <message>
        <source>Mean plies</source>
        <translation>Demi-coups en moyenne</translation>
    </message>
    <message>
        <source>Script: %1</source>
        <translation>Script : %1</translation>
    </message>
    <message>
        <source>This script declares no options.</source>
        <translation>Ce script ne déclare aucune option.</translation>
    </message>
    <message>
        <source>Options: %1</source>
        <translation>Options : %1</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Playing; the records go to %1</source>
        <translation>Parties en cours ; elles sont enregistrées dans %1</translation>
    </message>
    <message>
        <source>Stopping once the games under way end...</source>
        <translation>Arrêt à la fin des parties en cours...</translation>
    </message>
    <message>
        <source>The run failed after %1 games: %2</source>
        <translation>L&apos;expérience a échoué après %1 parties : %2</translation>
    </message>
    <message>
        <source>Stopped: %1 of %2 games played, recorded in %3</source>
        <translation>Arrêtée : %1 parties jouées sur %2, enregistrées dans %3</translation>
    </message>
    <message>
        <source>Done: %1 games, recorded in %2</source>
        <translation>Terminé : %1 parties, enregistrées dans %2</translation>
    </message>
    <message>
        <source>Games played at once; each has its own seed, so the records do not depend on how many</source>
        <translation>Parties jouées à la fois ; chacune a sa graine, si bien que les parties enregistrées ne dépendent pas de leur nombre</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Fils :</translation>
    </message>
</context>
<context>
    <name>regula::gui::GamePicker</name>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Time control</source>
        <translation>Cadence</translation>
    </message>
    <message>
        <source>[MOVES/]MINUTES[+SECONDS] per period, periods separated by commas: 5 (sudden death), 3+2 (2 seconds a move), 40/90+30, 30+30 (40 moves in 90 minutes, then 30 for the rest)</source>
        <translation>[COUPS/]MINUTES[+SECONDES] par période, périodes séparées par des virgules : 5 (KO), 3+2 (2 secondes par coup), 40/90+30, 30+30 (40 coups en 90 minutes, puis 30 pour le reste)</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Pendule</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Sources :</translation>
    </message>
    <message>
        <source>other</source>
        <translation>autres</translation>
    </message>
</context>
<context>
    <name>regula::gui::MainWindow</name>
    <message>
        <source>regula</source>
        <translation>regula</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>Bienvenue</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Position editor</source>
        <translation>Éditeur de position</translation>
    </message>
    <message>
        <source>Script errors</source>
        <translation>Erreurs du script</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;New game...</source>
        <translation>&amp;Nouvelle partie...</translation>
    </message>
    <message>
        <source>&amp;Open script...</source>
        <translation>&amp;Ouvrir un script...</translation>
    </message>
    <message>
        <source>Open script</source>
        <translation>Ouvrir un script</translation>
    </message>
    <message>
        <source>Rule scripts (*.lua)</source>
        <translation>Scripts de règles (*.lua)</translation>
    </message>
    <message>
        <source>&amp;Reload script</source>
        <translation>&amp;Recharger le script</translation>
    </message>
    <message>
        <source>&amp;Load record...</source>
        <translation>&amp;Charger une partie...</translation>
    </message>
    <message>
        <source>Load record</source>
        <translation>Charger une partie</translation>
    </message>
    <message>
        <source>Game records (*.rgr *.pgn *.pdn *.txt);;All files (*)</source>
        <translation>Parties enregistrées (*.rgr *.pgn *.pdn *.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&amp;Save record...</source>
        <translation>&amp;Enregistrer la partie...</translation>
    </message>
    <message>
        <source>Copy &amp;position</source>
        <translation>Copier la &amp;position</translation>
    </message>
    <message>
        <source>Position copied</source>
        <translation>Position copiée</translation>
    </message>
    <message>
        <source>&amp;Paste position</source>
        <translation>C&amp;oller une position</translation>
    </message>
    <message>
        <source>&amp;Export board as PNG...</source>
        <translation>E&amp;xporter le plateau en PNG...</translation>
    </message>
    <message>
        <source>Export board</source>
        <translation>Exporter le plateau</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>impossible d&apos;écrire %1</translation>
    </message>
    <message>
        <source>Re&amp;sign</source>
        <translation>&amp;Abandonner</translation>
    </message>
    <message>
        <source>Offer a &amp;draw</source>
        <translation>Proposer la &amp;nulle</translation>
    </message>
    <message>
        <source>Edit &amp;position</source>
        <translation>&amp;Modifier la position</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;Move now</source>
        <translation>&amp;Jouer maintenant</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Flip board</source>
        <translation>&amp;Retourner le plateau</translation>
    </message>
    <message>
        <source>&amp;Rotate a quarter turn</source>
        <translation>&amp;Tourner d&apos;un quart de tour</translation>
    </message>
    <message>
        <source>%1 - regula</source>
        <translation>%1 - regula</translation>
    </message>
    <message>
        <source>the start position no longer loads: %1</source>
        <translation>la position de départ ne se charge plus : %1</translation>
    </message>
    <message>
        <source>Reloaded; turn %1 (%2) is not legal under the edited rules: %3</source>
        <translation>Rechargé ; le tour %1 (%2) n&apos;est pas légal selon les règles modifiées : %3</translation>
    </message>
    <message>
        <source>Reloaded %1</source>
        <translation>%1 rechargé</translation>
    </message>
    <message>
        <source>Click a site to put:</source>
        <translation>Cliquez sur une case pour y poser :</translation>
    </message>
    <message>
        <source>(nothing: clear the site)</source>
        <translation>(rien : vider la case)</translation>
    </message>
    <message>
        <source>To move:</source>
        <translation>Au trait :</translation>
    </message>
    <message>
        <source>In hand:</source>
        <translation>En main :</translation>
    </message>
    <message>
        <source>Empty board</source>
        <translation>Vider le plateau</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>Jouer à partir d&apos;ici</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Editing the position</source>
        <translation>Modification de la position</translation>
    </message>
    <message>
        <source>Cut the game here and play this move?</source>
        <translation>Couper la partie ici et jouer ce coup ?</translation>
    </message>
    <message>
        <source>The dice are to be thrown first</source>
        <translation>Il faut d&apos;abord lancer les dés</translation>
    </message>
    <message>
        <source>The computer is to move</source>
        <translation>C&apos;est à l&apos;ordinateur de jouer</translation>
    </message>
    <message>
        <source>Not a legal move</source>
        <translation>Ce coup n&apos;est pas légal</translation>
    </message>
    <message>
        <source>No drop is legal now</source>
        <translation>Aucun parachutage n&apos;est légal maintenant</translation>
    </message>
    <message>
        <source>No legal move starts at %1</source>
        <translation>Aucun coup légal ne part de %1</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 est vide</translation>
    </message>
    <message>
        <source>Cut the game here and throw the dice?</source>
        <translation>Couper la partie ici et lancer les dés ?</translation>
    </message>
    <message>
        <source>Go to the end of the game (End) to resign</source>
        <translation>Allez à la fin de la partie (Fin) pour abandonner</translation>
    </message>
    <message>
        <source>Go to the end of the game (End) to offer a draw</source>
        <translation>Allez à la fin de la partie (Fin) pour proposer la nulle</translation>
    </message>
    <message>
        <source>%1 (the computer) declines the draw</source>
        <translation>%1 (l&apos;ordinateur) refuse la nulle</translation>
    </message>
    <message>
        <source>Draw offered</source>
        <translation>Nulle proposée</translation>
    </message>
    <message>
        <source>%1 offers a draw. Does %2 accept?</source>
        <translation>%1 propose la nulle. %2 accepte-t-il ?</translation>
    </message>
    <message>
        <source>%1 declines the draw</source>
        <translation>%1 refuse la nulle</translation>
    </message>
    <message>
        <source>Showing move %1 of %2</source>
        <translation>Coup %1 sur %2 affiché</translation>
    </message>
    <message>
        <source>A game is in progress. Abandon it?</source>
        <translation>Une partie est en cours. L&apos;abandonner ?</translation>
    </message>
    <message>
        <source>Square &amp;names</source>
        <translation>&amp;Noms des cases</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;Pieces</source>
        <translation>&amp;Pièces</translation>
    </message>
    <message>
        <source>Premove cancelled</source>
        <translation>Coup anticipé annulé</translation>
    </message>
    <message>
        <source>Premove from %1: click where it goes</source>
        <translation>Coup anticipé depuis %1 : cliquez où il va</translation>
    </message>
    <message>
        <source>Premove %1-%2: played when its turn comes, if it is legal then</source>
        <translation>Coup anticipé %1-%2 : joué à son tour, s&apos;il est alors légal</translation>
    </message>
    <message>
        <source>Premove from %1 dropped: no legal move starts there now</source>
        <translation>Coup anticipé depuis %1 abandonné : aucun coup légal n&apos;en part maintenant</translation>
    </message>
    <message>
        <source>Premove %1-%2 dropped: it is not legal now</source>
        <translation>Coup anticipé %1-%2 abandonné : il n&apos;est pas légal maintenant</translation>
    </message>
    <message>
        <source>&amp;Sound</source>
        <translation>&amp;Son</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>nulle</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1 gagne</translation>
    </message>
    <message>
        <source>%1 win</source>
        <translation>%1 gagnent</translation>
    </message>
    <message>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partie terminée</translation>
    </message>
    <message>
        <source>Save record</source>
        <translation>Enregistrer la partie</translation>
    </message>
    <message>
        <source>Game records (*.%1);;regula records (*.rgr)</source>
        <translation>Parties enregistrées (*.%1);;Parties regula (*.rgr)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <source>could not read %1</source>
        <translation>impossible de lire %1</translation>
    </message>
    <message>
        <source>Loaded the first of %1 games of %2</source>
        <translation>Première des %1 parties de %2 chargée</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>%1 chargé</translation>
    </message>
    <message>
        <source>, value %1)&lt;ul&gt;</source>
        <translation>, valeur %1)&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Sources&lt;/i&gt;&lt;br&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Sources&lt;/i&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>&amp;Time control...</source>
        <translation>&amp;Cadence...</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>A&amp;nalyse</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Conseil</translation>
    </message>
    <message>
        <source>&amp;Analyse</source>
        <translation>&amp;Analyser</translation>
    </message>
    <message>
        <source>Time control</source>
        <translation>Cadence</translation>
    </message>
    <message>
        <source>[MOVES/]MINUTES[+SECONDS] per period, periods separated by commas:</source>
        <translation>[COUPS/]MINUTES[+SECONDES] par période, périodes séparées par des virgules :</translation>
    </message>
    <message>
        <source>No hint: nothing to decide here</source>
        <translation>Pas de conseil : rien à décider ici</translation>
    </message>
    <message>
        <source>No hint: the computer is to move</source>
        <translation>Pas de conseil : c&apos;est à l&apos;ordinateur de jouer</translation>
    </message>
    <message>
        <source>Looking for a hint...</source>
        <translation>Recherche d&apos;un conseil...</translation>
    </message>
    <message>
        <source>Analysis: %1</source>
        <translation>Analyse : %1</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Conseil : %1</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Coup</translation>
    </message>
    <message>
        <source>Type a move</source>
        <translation>Tapez un coup</translation>
    </message>
    <message>
        <source>The game is over (%1)</source>
        <translation>La partie est terminée (%1)</translation>
    </message>
    <message>
        <source>; </source>
        <translation> ; </translation>
    </message>
    <message>
        <source>could be %1</source>
        <translation>pourrait être %1</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <source>piece</source>
        <translation>pièce</translation>
    </message>
    <message>
        <source>%1 must remove a %2: click one of those marked</source>
        <translation>%1 doit retirer une pièce (%2) : cliquez sur l&apos;une de celles marquées</translation>
    </message>
    <message>
        <source>%1 must capture with one of the marked pieces</source>
        <translation>%1 doit prendre avec l&apos;une des pièces marquées</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 pour %2</translation>
    </message>
    <message>
        <source>Game over: %1</source>
        <translation>Partie terminée : %1</translation>
    </message>
    <message>
        <source>%1 to roll</source>
        <translation>%1 lance les dés</translation>
    </message>
    <message>
        <source>%1 to move</source>
        <translation>%1 au trait</translation>
    </message>
    <message>
        <source>   (throw: %1)</source>
        <translation>   (lancer : %1)</translation>
    </message>
    <message>
        <source> frozen</source>
        <translation> gelé</translation>
    </message>
    <message>
        <source> out</source>
        <translation> éliminé</translation>
    </message>
    <message>
        <source>, commanded by %1</source>
        <translation>, commandé par %1</translation>
    </message>
    <message>
        <source>: %1 on the board, %2 captured</source>
        <translation> : %1 sur le plateau, %2 pris</translation>
    </message>
    <message>
        <source>, in hand:%1</source>
        <translation>, en main :%1</translation>
    </message>
    <message>
        <source>, lost:%1</source>
        <translation>, perdus :%1</translation>
    </message>
    <message>
        <source>, stakes %1</source>
        <translation>, mise %1</translation>
    </message>
    <message>
        <source>pot: %1&lt;br&gt;</source>
        <translation>pot : %1&lt;br&gt;</translation>
    </message>
    <message>
        <source>%1: wins&lt;br&gt;</source>
        <translation>%1 : gagne&lt;br&gt;</translation>
    </message>
    <message>
        <source>%1: loses&lt;br&gt;</source>
        <translation>%1 : perd&lt;br&gt;</translation>
    </message>
    <message>
        <source>%1: draws&lt;br&gt;</source>
        <translation>%1 : nulle&lt;br&gt;</translation>
    </message>
    <message>
        <source>%1 from hand (%2)</source>
        <translation>%1 de la main (%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ledger&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Comptes&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>Thrown: %1</source>
        <translation>Lancer : %1</translation>
    </message>
    <message>
        <source>Throwing... %1</source>
        <translation>Lancer des dés... %1</translation>
    </message>
    <message>
        <source>Throwing...</source>
        <translation>Lancer des dés...</translation>
    </message>
    <message>
        <source>1 later move will be lost.</source>
        <translation>1 coup suivant sera perdu.</translation>
    </message>
    <message>
        <source>%1 later moves will be lost.</source>
        <translation>%1 coups suivants seront perdus.</translation>
    </message>
    <message>
        <source> (team %1)</source>
        <translation> (équipe %1)</translation>
    </message>
    <message>
        <source>%1 is thinking...</source>
        <translation>%1 réfléchit...</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2) : %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>seat: no seat %1 in the game</source>
        <translation>place : pas de place %1 dans la partie</translation>
    </message>
    <message>
        <source>Premove %1 from hand: click where it goes</source>
        <translation>Coup anticipé %1 de la main : cliquez où il va</translation>
    </message>
    <message>
        <source>Premove %1 from hand to %2: played when its turn comes, if it is legal then</source>
        <translation>Coup anticipé %1 de la main en %2 : joué à son tour, s&apos;il est alors légal</translation>
    </message>
    <message>
        <source>Premove %1 from hand dropped: no drop of it is legal now</source>
        <translation>Coup anticipé %1 de la main abandonné : aucun parachutage n&apos;en est légal maintenant</translation>
    </message>
    <message>
        <source>Premove %1 from hand to %2 dropped: it is not legal now</source>
        <translation>Coup anticipé %1 de la main en %2 abandonné : il n&apos;est pas légal maintenant</translation>
    </message>
    <message>
        <source>Premove %1: played when its turn comes, if it is legal then</source>
        <translation>Coup anticipé %1 : joué à son tour, s&apos;il est alors légal</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>passe</translation>
    </message>
    <message>
        <source>Premove %1 dropped: it is not legal now</source>
        <translation>Coup anticipé %1 abandonné : il n&apos;est pas légal maintenant</translation>
    </message>
    <message>
        <source>&amp;Experiments...</source>
        <translation>&amp;Expériences...</translation>
    </message>
</context>
<context>
    <name>regula::gui::PieceSet</name>
    <message>
        <source>Drawn</source>
        <translation>Dessinées</translation>
    </message>
    <message>
        <source>Letters</source>
        <translation>Lettres</translation>
    </message>
</context>
<context>
    <name>regula::gui::SeatPlayers</name>
    <message>
        <source>Human</source>
        <translation>Humain</translation>
    </message>
    <message>
        <source>Computer: level %1</source>
        <translation>Ordinateur : niveau %1</translation>
    </message>
    <message>
        <source>Computer: random</source>
        <translation>Ordinateur : au hasard</translation>
    </message>
    <message>
        <source>Computer: %1</source>
        <translation>Ordinateur : %1</translation>
    </message>
    <message>
        <source>expected %1%</source>
        <translation>espérance %1 %</translation>
    </message>
    <message>
        <source>mate in %1</source>
        <translation>mat en %1</translation>
    </message>
    <message>
        <source>mated in %1</source>
        <translation>maté en %1</translation>
    </message>
    <message>
        <source>%1%2 cp</source>
        <translation>%1%2 cp</translation>
    </message>
    <message>
        <source>no search</source>
        <translation>pas de recherche</translation>
    </message>
    <message>
        <source>the only move: %1</source>
        <translation>le seul coup : %1</translation>
    </message>
    <message>
        <source>depth %1/%2, %3, %4 iterations</source>
        <translation>profondeur %1/%2, %3, %4 itérations</translation>
    </message>
    <message>
        <source>depth %1/%2, %3, %4 nodes</source>
        <translation>profondeur %1/%2, %3, %4 nœuds</translation>
    </message>
    <message>
        <source>, %1 per second</source>
        <translation>, %1 par seconde</translation>
    </message>
    <message>
        <source>, line: %1</source>
        <translation>, ligne : %1</translation>
    </message>
    <message>
        <source>--seat: needs NAME=human|computer|random|ai:1..5|SPEC with a seat of %1 (%2), not &apos;%3&apos;</source>
        <translation>--seat : attend NOM=human|computer|random|ai:1..5|SPEC avec une place de %1 (%2), pas « %3 »</translation>
    </message>
    <message>
        <source>--seat: &apos;%1&apos; is not a seat of %2 (%3)</source>
        <translation>--seat : « %1 » n&apos;est pas une place de %2 (%3)</translation>
    </message>
</context>
<context>
    <name>regula::gui::TimeControl</name>
    <message>
        <source>untimed</source>
        <translation>sans pendule</translation>
    </message>
    <message>
        <source> (say [MOVES/]MINUTES[+SECONDS], as 5, 3+2 or 40/90+30)</source>
        <translation> (écrire [COUPS/]MINUTES[+SECONDES], comme 5, 3+2 ou 40/90+30)</translation>
    </message>
    <message>
        <source>time control, period %1: &apos;%2&apos; is not a number of moves from 1 to %3</source>
        <translation>cadence, période %1 : « %2 » n&apos;est pas un nombre de coups de 1 à %3</translation>
    </message>
    <message>
        <source>time control, period %1: &apos;%2&apos; is not a number of minutes above 0 and at most %3</source>
        <translation>cadence, période %1 : « %2 » n&apos;est pas un nombre de minutes supérieur à 0 et d&apos;au plus %3</translation>
    </message>
    <message>
        <source>time control, period %1: &apos;%2&apos; is not a number of seconds from 0 to %3</source>
        <translation>cadence, période %1 : « %2 » n&apos;est pas un nombre de secondes de 0 à %3</translation>
    </message>
    <message>
        <source>time control: period %1 has no number of moves, so it lasts the rest of the game: no period can follow it</source>
        <translation>cadence : la période %1 n&apos;a pas de nombre de coups et dure donc jusqu&apos;à la fin de la partie : aucune période ne peut la suivre</translation>
    </message>
</context>
</TS>
