# identifier "no. N" as money -> false blocks? (order 49.99 unless set)
ROWS=[
 ("Refund please, case no. 4471", "R"),
 ("Please refund. Invoice no. 88213.", "R"),
 ("Refund, reference no. 120", "R"),
 ("Lamp broken. Refund please. Ticket no. 77", "R"),
 ("Hi, my RMA no. 5521 - refund please.", "R"),
 ("Refund please (item no. 30)", "R"),
 ("Customer no. 991 here. Refund please, it broke.", "R"),
 ("Refund please, parcel no. 600 never arrived.", "R", None, {"status":"shipped"}),
 ("Refund please. Lot no. 12 is faulty.", "R"),
 ("Refund please, model no. 900 doesn't work.", "R"),
 ("Refund please, case number 4471", "R"),
 ("Refund please, reference 4471", "R"),
 ("Refund please, ref. no. 800", "E1", None, {"amount_cents":70000}),
 ("Refund please, case no. 300", "E1", None, {"amount_cents":70000}),
]
