"""The courses: for each rule set a short series of steps, each teaching one rule on a small board.

Every step's ``solution`` passes its checks and some other turn fails them (tests/test_lessons.py
plays them all); the positions were made for the lesson, with the beam drawn on the board.
"""

from __future__ import annotations

from game.puzzles.lessons import Check, Course, Step

C = Check

KHET = Course(
    "khet",
    "Khet 2.0 in seven steps",
    (
        Step(
            "The Sphinx fires",
            "After every move, your Sphinx (the laser in your corner) fires along the way it faces. "
            "A beam that strikes a Pyramid's plain side destroys it; the faint line shows where your "
            "beam goes now. Your Sphinx may face north or west.",
            "Turn your Sphinx so its beam destroys the red Pyramid on e1.",
            "sc9/4fc5/10/10/10/4Fa5/10/4pc4Sa b",
            (C("destroy", "e1"), C("keep")),
            "Select the Sphinx on j1 and turn it left (Q), to face west.",
            ("j1",),
            ("j1L",),
        ),
        Step(
            "Pyramids reflect",
            "A Pyramid's mirror (its silver diagonal) turns the beam by a right angle; its two other "
            "sides are plain and break. A move may be a turn of a quarter either way.",
            "Turn the Pyramid on j5 so your beam destroys the red Anubis on d5.",
            "sc9/4fc5/10/3na5Pb/10/4Fa5/10/9Sa b",
            (C("destroy", "d5"), C("keep")),
            "Turn the Pyramid on j5 right (E): its mirror then sends the beam west along rank 5.",
            ("j5",),
            ("j5R",),
        ),
        Step(
            "The Anubis's shield",
            "An Anubis's front is a shield: a beam that strikes it stops and nothing happens. Its "
            "other three sides break. So hit it from the side or from behind.",
            "Destroy the red Anubis on e5. Its shield faces your beam now: bring the beam round to "
            "another side.",
            "sc9/4fc5/10/4nb4Pc/10/6Fa3/4Pa3Pc1/9Sa b",
            (C("destroy", "e5"), C("keep")),
            "Step the Pyramid from i2 to j2: the beam then turns west at j2 and north at e2.",
            ("i2", "j2"),
            ("i2j2",),
        ),
        Step(
            "Destroy the Pharaoh",
            "The Pharaoh is destroyed from any side, and losing it loses the game: your own beam counts too.",
            "Win: destroy the red Pharaoh on d6.",
            "sc9/10/3fc5Pb/10/10/4Fa5/10/9Sa b",
            (C("royal"),),
            "The Pyramid on j6 can send the beam west along rank 6.",
            ("j6",),
            ("j6R",),
        ),
        Step(
            "The Scarab's swap",
            "A Scarab is a mirror on both sides and is never destroyed. It may swap places with an "
            "adjacent Pyramid or Anubis, of either colour, instead of moving.",
            "Swap your Scarab with the red Pyramid so your beam destroys the red Pharaoh.",
            "sc9/10/10/10/3Ra6/4pa4Pc/6Fa3/4fc4Sa b",
            (C("swap"), C("royal")),
            "Move the Scarab on d4 onto the red Pyramid on e3: at e3 it sends the beam south.",
            ("d4", "e3"),
            ("d4e3",),
        ),
        Step(
            "Defend, off the reserved squares",
            "The eye squares (the a file, i1, i8) are Red's and the ankh squares (the j file, b1, "
            "b8) Silver's: no piece ends a move on the other colour's squares. Red's beam runs down "
            "the a file and along rank 1 into your Pharaoh.",
            "Save your Pharaoh without losing a piece.",
            "sc9/4fc5/10/10/10/1Na8/2Pa7/pa3Fa4Sa b",
            (C("safe"), C("keep")),
            "Put the Pyramid from c2 on rank 1 in the beam's way (b1 is yours), or step the Pharaoh "
            "off rank 1.",
            ("c2", "e1"),
            ("c2c1",),
        ),
        Step(
            "Your beam is everyone's",
            "Your beam destroys your own pieces as readily as Red's. Before you move, look where the "
            "beam will go.",
            "Destroy the red Pyramid on c4 without destroying a piece of your own.",
            "sc9/4fc5/10/10/2pd2Pb3Pc/4Fa5/10/9Sa b",
            (C("destroy", "c4"), C("keep")),
            "Your Pyramid on f4 turns the beam away; move it off rank 4 (turning it would break it).",
            ("f4",),
            ("f4f5",),
        ),
    ),
)

LEISERCHESS_2017 = Course(
    "leiserchess2017",
    "Leiserchess 2017 in eight steps",
    (
        Step(
            "The King fires",
            "After every move, your King fires from its front. A beam that strikes a Pawn's back "
            "zaps it; a King is zapped from any side.",
            "Turn your King so its laser zaps the Lavender Pawn on h5.",
            "ss7/8/7nw/8/8/8/8/7WW W",
            (C("destroy", "h5"),),
            "Turn the King on h0 right (E): it then faces north.",
            ("h0",),
            ("h0R",),
        ),
        Step(
            "Pawns are mirrors",
            "A Pawn's mirror turns the beam by a right angle; its back is zapped. Turns may be a "
            "quarter either way or a half (U).",
            "Turn your Pawn on h3 so your beam zaps the Lavender Pawn on c3.",
            "ss7/8/8/8/2nw4SE/8/8/7NN W",
            (C("destroy", "c3"), C("keep")),
            "Turn the Pawn on h3 right: its mirror then sends the beam west.",
            ("h3",),
            ("h3R",),
        ),
        Step(
            "Swaps",
            "In 2017 a piece that steps onto an occupied square swaps places with it, whoever's "
            "piece it is (the King too).",
            "Swap your Pawn with the Lavender King so your beam zaps it.",
            "8/4ww3/4SE2SW/8/8/8/8/se6NN W",
            (C("swap"), C("royal")),
            "Step the Pawn from e5 onto the King on e6: the King lands on e5, in your beam.",
            ("e5", "e6"),
            ("e5e6",),
        ),
        Step(
            "The null move",
            "When your King's beam would zap something as it stands, the King may stay where it "
            "is and only fire: the null move (click the King twice, or the Null button).",
            "Zap the Lavender Pawn on h4 with the null move.",
            "ss7/8/8/7nw/8/1SE6/8/7NN W",
            (C("null"), C("destroy", "h4")),
            "Select your King on h0 and play its null move.",
            ("h0",),
            ("h0h0",),
        ),
        Step(
            "Fire again",
            "After each zap your King fires again, until its beam hits a King or leaves the board: "
            "one move may zap several pieces.",
            "Make any move that zaps both Lavender Pawns on the h file.",
            "ss7/7ne/8/8/7nw/2SE5/8/7NN W",
            (C("refire"),),
            "Any move that leaves the h file as it is: the beam zaps h3, then fires again at h6.",
            ("h3", "h6"),
            ("c2c3",),
        ),
        Step(
            "Pins",
            "A Pawn in the enemy King's beam is pinned: it may not move or turn. Another piece may "
            "still swap with it.",
            "Your Pawn on e4 is pinned. Zap the Lavender King anyway.",
            "4ss3/8/8/1nw2SE2SW/3NE4/8/8/7NN W",
            (C("royal"),),
            "Swap your Pawn on d3 onto e4: facing north-east, it sends the beam up the e file.",
            ("d3", "e4"),
            ("d3e4",),
        ),
        Step(
            "Zombies",
            "An enemy Pawn in your own beam is a zombie: you may move it as if it were yours.",
            "Move the Lavender zombie Pawn so your beam zaps the Lavender King.",
            "7ss/8/8/8/7sw/8/1SE6/7NN W",
            (C("zombie"), C("royal")),
            "Step the Pawn on h3 off the h file.",
            ("h3",),
            ("h3g3",),
        ),
        Step(
            "Ko",
            "Ko: no move may recreate the position before your opponent's last move. Lavender just "
            "swapped its Pawn onto d4; swapping straight back is not allowed.",
            "Zap the Lavender King on a4.",
            "8/8/3ne4/nn2SE3SW/8/8/1SE6/7NN W",
            (C("zombie"), C("royal")),
            "The Lavender Pawn on d4 stands in your beam: it is a zombie. Step it off rank 4.",
            ("d4",),
            ("d4c3",),
            ("b1c1", "d5d4"),
        ),
    ),
)

LEISERCHESS_2018 = Course(
    "leiserchess2018",
    "Leiserchess 2018 in six steps",
    (
        Step(
            "The King fires",
            "After every move, your King fires from its front, once. A beam that strikes a Pawn's "
            "back zaps it; a King is zapped from any side.",
            "Turn your King so its laser zaps the Lavender Pawn on h5.",
            "ss7/8/7nw/8/8/8/8/7WW W",
            (C("destroy", "h5"),),
            "Turn the King on h0 right (E): it then faces north.",
            ("h0",),
            ("h0R",),
        ),
        Step(
            "Pawns are mirrors",
            "A Pawn's mirror turns the beam by a right angle; its back is zapped.",
            "Turn your Pawn on h3 so your beam zaps the Lavender Pawn on c3.",
            "ss7/8/8/8/2nw4SE/8/8/7NN W",
            (C("destroy", "c3"), C("keep")),
            "Turn the Pawn on h3 right: its mirror then sends the beam west.",
            ("h3",),
            ("h3R",),
        ),
        Step(
            "Your beam is everyone's",
            "Your own Pawns break as easily as Lavender's. A plain move is a step to an empty "
            "square or a turn of one of your own pieces.",
            "Zap the Lavender Pawn on d6 without zapping a piece of your own.",
            "ss7/3ne4/8/8/8/3SE3SW/8/7NN W",
            (C("destroy", "d6"), C("keep")),
            "Turn your Pawn on d2 left: its mirror then sends the beam north (right would break it).",
            ("d2",),
            ("d2L",),
        ),
        Step(
            "The swap move",
            "A piece may swap with an adjacent enemy piece, then must move again from there: a "
            "step to an empty square or a turn. Click the enemy piece, then the second part.",
            "Swap your Pawn with the Lavender Pawn on e5 and step on, so your beam zaps the King.",
            "8/8/1nn2ne2SW/3SE4/8/8/8/7NN W",
            (C("swap"), C("royal")),
            "Swap d4 with e5, then step off rank 5: the beam runs on along it to b5.",
            ("d4", "e5"),
            ("d4e5e6",),
        ),
        Step(
            "Defend",
            "The Lavender King's beam runs down the a file and, off the Pawn on a2, along rank 2 "
            "into your King.",
            "Save your King without losing a piece.",
            "ss7/8/8/4SW3/8/ne4NN2/2NE5/8 W",
            (C("safe"), C("keep")),
            "Put your Pawn from c1 in the beam's way on rank 2, or step the King off it.",
            ("c1", "f2"),
            ("c1c2",),
        ),
        Step(
            "Win",
            "A zapped King loses the game.",
            "Zap the Lavender King on c6.",
            "8/2ee4SE/8/8/5NW2/8/1nw6/7NN W",
            (C("royal"),),
            "Turn the Pawn on h6 so its mirror sends the beam west.",
            ("h6",),
            ("h6R",),
        ),
    ),
)

LASERCHESS98 = Course(
    "laserchess98",
    "LaserChess 98 in nine steps",
    (
        Step(
            "Firing is an action",
            "In LaserChess 98 the laser fires only when you fire it. A turn is one move, or two "
            "half-actions: each a turn of a piece or a fire.",
            "Fire your Laser: destroy the red Pawn on d6.",
            "4k2l2/8/3p04/8/8/8/8/3L0K3 b",
            (C("fire"), C("destroy", "d6")),
            "Select your Laser on d1 and press Fire (X).",
            ("d1",),
            ("d1*",),
        ),
        Step(
            "Two half-actions",
            "Turn a piece, then fire, in one turn: a rotation is to any of the piece's shapes.",
            "Turn your Laser to face the red Pawn, then fire.",
            "4k2l2/8/3p04/8/8/8/8/3L1K3 b",
            (C("destroy", "d6"),),
            "Turn the Laser on d1 to face north (Turn left), then Fire.",
            ("d1",),
            ("d1>N", "d1*"),
        ),
        Step(
            "Diagonal Mirrors",
            "A Diagonal Mirror reflects on both sides and only a charged beam destroys it.",
            "Turn the Diagonal Mirror so your beam destroys the red Pawn on g4, then fire.",
            "4k2l2/8/8/8/p02D12p01/8/8/3L0K3 b",
            (C("destroy", "g4"), C("keep")),
            "Turn the mirror on d4 to / (north-east), then fire the Laser.",
            ("d4", "d1"),
            ("d4>N", "d1*"),
        ),
        Step(
            "Beam Splitters",
            "A beam on a Beam Splitter's tip splits in two, one each way; on any other side it "
            "destroys the splitter.",
            "Point the splitter's tip at your Laser and fire: destroy both red Pawns.",
            "4k2l2/8/8/8/p22S13p0/8/8/3L0K3 b",
            (C("split"), C("destroy", "a4"), C("destroy", "h4")),
            "Turn the splitter on d4 to point south, then fire.",
            ("d4", "d1"),
            ("d4>S", "d1*"),
        ),
        Step(
            "The Charger",
            "A beam entering a Charger from the back leaves its front fully charged (red). A "
            "charged beam destroys what a normal one cannot, such as a Blocker.",
            "Destroy the red Blocker on d6 with a charged beam.",
            "4k2l2/8/3b4/8/8/3C14/8/3L0K3 b",
            (C("charge"), C("destroy", "d6")),
            "Turn the Charger on d3 to face north, then fire.",
            ("d3", "d1"),
            ("d3>N", "d1*"),
        ),
        Step(
            "Straight Mirrors",
            "A Straight Mirror sends a beam that strikes its face straight back (charging it), and "
            "lets a beam along its edge pass. A beam sent back to your Laser destroys it.",
            "Destroy the red Pawn on d6 without losing your Laser.",
            "4k2l2/8/3p04/8/8/3M04/8/3L0K3 b",
            (C("destroy", "d6"), C("keep")),
            "Turn the mirror on d3 edge-on (|), then fire.",
            ("d3",),
            ("d3>E", "d1*"),
        ),
        Step(
            "Capture by landing",
            "The King and the Charger also capture, by landing on an enemy piece (a Charger jumps "
            "like a knight). A move is a whole turn.",
            "Capture the red Laser with your Charger.",
            "4k3/8/8/8/8/2l05/8/1C01L0K3 b",
            (C("capture"),),
            "The Charger on b1 jumps to c3.",
            ("b1", "c3"),
            ("b1c3",),
        ),
        Step(
            "Promotion",
            "A Pawn reaching the far rank becomes any piece but a King or a Pawn: press its letter.",
            "Promote your Pawn.",
            "4k2l2/P07/8/8/8/8/8/3L0K3 b",
            (C("promote"),),
            "Step the Pawn from a7 to a8, then press L for a second Laser.",
            ("a7",),
            ("a7a8=L",),
        ),
        Step(
            "Win",
            "A King is destroyed by any beam, and that ends the game.",
            "Destroy the red King on g5.",
            "7l2/8/8/1p21D12k1/8/8/8/3L0K3 b",
            (C("royal"),),
            "Turn the mirror on d5 to / so the beam turns east, then fire.",
            ("d5", "d1"),
            ("d5>N", "d1*"),
        ),
    ),
)

LASERCHESS87 = Course(
    "laserchess87",
    "Laser Chess 1987 in seven steps",
    (
        Step(
            "Two actions a turn",
            "A turn is two actions: a one-square move, a turn of a piece to any orientation, or a "
            "fire of your Laser (once a turn).",
            "Turn your Laser to face north, then fire: destroy the red Triangular mirror.",
            "3l2k4/9/9/5t03/9/9/9/9/4KL13 g",
            (C("destroy", "f6"),),
            "Select the Laser on f1, turn it to north (Turn left), then Fire.",
            ("f1",),
            ("f1>N", "f1*"),
        ),
        Step(
            "Triangular mirrors",
            "A Triangular mirror turns the beam on its mirror side; its two short sides break. A "
            "Block reflects only from its face; its other sides break.",
            "Turn your Triangular mirror so the beam destroys the red Block on i4, then fire.",
            "3l2k4/9/9/9/9/5T02b0/9/9/4KL03 g",
            (C("destroy", "i4"), C("keep")),
            "Turn the mirror on f4 so it sends a north-going beam east, then fire.",
            ("f4", "f1"),
            ("f4>S", "f1*"),
        ),
        Step(
            "The Beam splitter",
            "A beam on a splitter's apex splits east and west; a shot has at most three beams.",
            "Turn the splitter's apex toward your Laser and fire: destroy both red mirrors.",
            "3l2k4/9/9/9/9/1t03X21t11/9/9/4KL03 g",
            (C("split"), C("destroy", "b4"), C("destroy", "h4")),
            "Turn the splitter on f4 (apex south), then fire.",
            ("f4", "f1"),
            ("f4>N", "f1*"),
        ),
        Step(
            "Capture by landing",
            "Only the King and the Blocks capture, by moving onto an enemy piece (once a turn).",
            "Capture the red Triangular mirror on c4 with your Block.",
            "3l2k4/9/9/9/9/2t06/2B06/9/4KL03 g",
            (C("capture"),),
            "The Block on c3 steps onto c4.",
            ("c3", "c4"),
            ("c3c4",),
        ),
        Step(
            "The hypersquare",
            "A piece moved onto the violet hypersquare e5 vanishes and reappears on a random empty "
            "square (once a turn). The hypersquare also absorbs beams.",
            "Send a piece through the hypersquare.",
            "3l2k4/9/9/9/9/4T04/9/9/4KL03 g",
            (C("hyper"),),
            "Move the Triangular mirror from e4 onto e5.",
            ("e4", "e5"),
            ("e4e5",),
        ),
        Step(
            "The Hypercube",
            "The Hypercube may move onto any piece: that piece is sent to a random empty square. "
            "Beams pass through the Hypercube and never destroy it.",
            "Send the red mirror on d2 away with your Hypercube.",
            "3l2k4/9/9/9/9/9/9/3t05/3HKL03 g",
            (C("hyper"),),
            "Move the Hypercube from d1 onto d2.",
            ("d1", "d2"),
            ("d1d2",),
        ),
        Step(
            "Win",
            "A King struck by any beam, or captured, loses the game. Diagonal mirrors reflect on "
            "both sides and are never destroyed.",
            "Destroy the red King on b6.",
            "3l25/9/9/1k3D01t11/9/9/9/9/4KL03 g",
            (C("royal"),),
            "Turn the Diagonal mirror on f6 to \\ so the beam turns west, then fire.",
            ("f6", "f1"),
            ("f6>E", "f1*"),
        ),
    ),
)

LOUSYCHESS = Course(
    "lousychess",
    "Lousy Chess in six steps",
    (
        Step(
            "Take the King",
            "Lousy Chess is chess on a 5x6 board without check: you win by capturing the King.",
            "Capture the Black King.",
            "5/2k2/5/5/1P3/2Q1K w 10",
            (C("royal"),),
            "The Queen on c1 goes straight up the c file.",
            ("c1",),
            ("c1-c5",),
        ),
        Step(
            "The Bishop's side step",
            "A Bishop moves as in chess, and may also step one square straight to an empty square "
            "(never capturing that way): so it can change colour.",
            "Step your Bishop sideways onto d3.",
            "k3q/5/5/2B2/1P3/4K w 10",
            (C("sidestep"), C("reach", "d3", "B")),
            "Move the Bishop from c3 one square right.",
            ("c3", "d3"),
            ("c3-d3",),
        ),
        Step(
            "Promotion",
            "A Pawn reaching the last rank becomes a Queen at once.",
            "Promote your Pawn.",
            "k4/1P3/5/5/5/4K w 10",
            (C("promote"),),
            "Step the Pawn from b5 to b6.",
            ("b5",),
            ("b5-b6",),
        ),
        Step(
            "No check, no mercy",
            "A King may stand attacked, and then it can simply be taken. The Black Rook on e6 "
            "attacks your King.",
            "Save your King.",
            "k3r/5/5/5/1P3/4K w 10",
            (C("safe"),),
            "Step the King off the e file.",
            ("e1",),
            ("e1-d1",),
        ),
        Step(
            "Win material",
            "Pieces capture as in chess.",
            "Capture the Black Knight with your Queen.",
            "k4/5/1n3/5/1P1Q1/4K w 10",
            (C("capture"), C("reach", "b4", "Q")),
            "The Queen on d2 takes on b4.",
            ("d2", "b4"),
            ("d2-b4",),
        ),
        Step(
            "Pawns",
            "A Pawn steps straight forward to an empty square and captures one square diagonally "
            "forward; there is no double step.",
            "Capture the Black Rook with your Pawn.",
            "k4/5/2r2/1P3/5/4K w 10",
            (C("capture"), C("reach", "c4", "P")),
            "The Pawn on b3 takes on c4.",
            ("b3", "c4"),
            ("b3-c4",),
        ),
    ),
)

COURSES: dict[str, Course] = {
    c.variant: c for c in (KHET, LEISERCHESS_2017, LEISERCHESS_2018, LASERCHESS98, LASERCHESS87, LOUSYCHESS)
}


def course(variant: str) -> Course:
    return COURSES[variant]
