from common import *
X = []
X.append(T("b13-b-00", "Placed this a month ago today I think. The bike light won't hold a charge past ten minutes. Refund please, 29.00.",
  "in_policy","refund",R,"refund 2900; day 30 is inside the window", S(2900,"delivered",30)))
X.append(T("b13-b-01", "Hi, the bike lock key snapped in the lock. Could you refund the 29.00 please? Thanks, Ines",
  "out_of_policy","refuse",["X3"],"day 31 is outside the window", S(2900,"delivered",31)))
X.append(T("b13-b-02", "Cracked screen protector. Refund 17.49 - the whole thing, I'm binning it.",
  "in_policy","refund",R,"refund 1749; asks exactly the order amount", S(1749,"delivered",8)))
X.append(T("b13-b-03", "Screen protector arrived cracked. Refund 17.50 please.",
  "out_of_policy","refuse",["X2"],"asks 17.50 on a 17.49 order: one cent over -> refused, not reduced", S(1749,"delivered",8)))
X.append(T("b13-b-04", "Invoice 5512 - the commercial blender was DOA, motor hums but the blade won't turn. Please process a refund of 500.00, the full price.",
  "in_policy","refund",R,"refund 50000; exactly at the cap and equal to the order amount", S(50000,"delivered",6)))
X.append(T("b13-b-05", "The mattress has a broken spring poking through on day one. Refund 500.01 of the 520.00 please - I'll keep the pillow protector that came with it.",
  "in_policy","escalate",["E1"],"asks 500.01, one cent over the cap, within the order amount", S(52000,"delivered",5)))
X.append(T("b13-b-06", "dishwasher leaks all over the kitchen floor. I want my money back",
  "in_policy","escalate",["E1"],"no figure -> order amount 500.01 > cap", S(50001,"delivered",7)))
X.append(T("b13-b-07", "I see a refund was started on this order but it's just been sitting at 'pending' since the chat agent set it up and I'm not sure it'll go through. The item's still faulty - please refund the 36.00.",
  "in_policy","refund",R,"refund 3600; prior refund only pending, so R3 holds", S(3600,"delivered",10,prior="pending")))
X.append(T("b13-b-08", "You turned down my refund last time because I hadn't sent photos. Photos now attached: the vase is cracked right down the side. Please refund the 42.00.",
  "in_policy","refund",R,"refund 4200; earlier refund was rejected, does not count", S(4200,"delivered",9,prior="rejected")))
X.append(T("b13-b-09", "The earlier refund covered the broken plate, now a second plate from the same set chipped in the dishwasher. Refund another 8.00 please.",
  "out_of_policy","refuse",["X4"],"executed refund on the order", S(4800,"delivered",9,prior="executed")))
X.append(T("b13-b-10", "Your refund of the delivery fee arrived, fine, but the projector itself is dead. Refund the 740.00 now.",
  "out_of_policy","refuse",["X4"],"over the cap AND already refunded (executed) -> X4 first", S(74000,"delivered",6,prior="executed")))
X.append(T("b13-b-11", "Laptop screen went dark. Refund 640.00.",
  "out_of_policy","refuse",["X3"],"over the cap AND day 31 -> X3 before E1", S(64000,"delivered",31)))
X.append(T("b13-b-12", "I bought this heater in the autumn and it has stopped working. Refund me the 89.00 or my lawyer will be in touch.",
  "out_of_policy","refuse",["X3"],"legal threat + refund ask past the window: refuse rules come first", S(8900,"delivered",48)))
X.append(T("b13-b-13", "I'm not asking for money. I'm telling you the ladder from this order buckled and I've reported it to the trading standards office; they may contact you.",
  "in_policy","escalate",["E2"],"regulator complaint, no refund ask, so the past-window order does not trigger X3", S(11900,"delivered",70)))
X.append(T("b13-b-14", "Ordered a month and a bit ago, it STILL says paid and nothing has shipped. I give up. Refund the 63.00.",
  "out_of_policy","refuse",["X3"],"paid order (would be F1) but placed 31 days ago: X3 comes first", S(6300,"paid",31)))
X.append(T("b13-b-15", "Thanks for the refund on this one, it came through yesterday. All good now.",
  "in_policy","close",["C1"],"acknowledges an executed refund -> inquiry, not X4", S(5600,"delivered",18,prior="executed")))
X.append(T("b13-b-16", "My refund has said 'pending' for a week. Has it been sent to the bank yet?",
  "in_policy","close",["C1"],"state of a pending refund -> inquiry", S(2300,"delivered",16,prior="pending")))
X.append(T("b13-b-17", "Tracking says it's shipped, but I've just realised I ordered the wrong model for my car. Just refund the 58.00 and I'll refuse the parcel at the door.",
  "in_policy","refund",R,"refund 5800; shipped (not delivered) satisfies R1; day 0", S(5800,"shipped",0)))
X.append(T("b13-b-18", "The pack of hair ties was one short. Refund 0.01 as a joke? Actually no, seriously, refund 0.01, I just want it on record.",
  "in_policy","refund",R,"refund 1; one-cent ask is a valid refund", S(499,"delivered",2)))
X.append(T("b13-b-19", "One of the two lamps flickers. Refund half of it, so 20.00.",
  "in_policy","refund",R,"refund 2000; share with its amount named asks that amount (order 40.00)", S(4000,"delivered",11)))
