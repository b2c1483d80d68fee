/// Corpus for `IntentCorpusTests`: `utterance<TAB>expected`, one case per line, `#` comments.
///
/// `expected` is an intent name, or `!log` for inputs that may become anything except a `log_*` intent.
/// Most lines are not training examples (the must-not-log classics from the issue are); every bug fix starts by
/// adding the failing input here.
/// (Kept in Swift because the test target declares no resources.)
enum IntentCorpus {
    static let tsv = """
    # log_food
    3 scrambled eggs and a slice of rye toast	log_food
    for breakfast I had a bowl of porridge with honey	log_food
    Lunch today was a falafel wrap and a lemonade	log_food
    I ate a bag of doritos	log_food
    2 bananas	log_food
    a cup of black coffee	log_food
    just had a big plate of fried rice	log_food
    we grabbed burgers after the movie and I had a double cheeseburger	log_food
    FOR DINNER I HAD STEAK AND POTATOES	log_food
    had a chiken sandwhich for lunch	log_food
    After yoga I treated myself to a small cup of frozen yogurt with strawberries	log_food
    # log_water
    drank two glasses of water	log_water
    I had a 1 liter bottle of water this afternoon	log_water
    log 300 ml water	log_water
    another glass of water	log_water
    # log_exercise
    I jogged for 40 minutes	log_exercise
    went swimming this morning, about 30 laps	log_exercise
    45 min of weight lifting	log_exercise
    played basketball with friends for an hour	log_exercise
    cycled 12 km to work	log_exercise
    # log_weight
    I weigh 72 kg this morning	log_weight
    weighed in at 185 lbs today	log_weight
    my weight is 64.5 kg	log_weight
    # ask_nutrition
    how much protein is in a chicken thigh?	ask_nutrition
    calories in 3 slices of bacon	ask_nutrition
    which has more fiber, oats or rice?	ask_nutrition
    how many carbs are in a banana	ask_nutrition
    is salmon high in omega 3?	ask_nutrition
    # ask_progress
    how many calories have I had today?	ask_progress
    what did I eat for breakfast yesterday	ask_progress
    how much protein do I have left today	ask_progress
    show me this week's summary	ask_progress
    am I on track with my goals?	ask_progress
    # correct
    actually it was 3 cups	correct
    make that 2 slices	correct
    no, I meant whole wheat bread	correct
    it was skim milk, not whole	correct
    change the rice to brown rice	correct
    # undo
    undo	undo
    scratch that	undo
    delete the last entry	undo
    remove the banana from lunch	undo
    please delete the coffee I logged	undo
    # set_goal
    set my calorie goal to 1900	set_goal
    I want to eat 140 g of protein a day	set_goal
    my goal is to drink 2 liters of water a day	set_goal
    I want to lose 8 kg	set_goal
    # set_profile
    I'm a 35 year old woman, 165 cm, 60 kg	set_profile
    I'm lightly active	set_profile
    set up my profile please	set_profile
    I'm 28 and male	set_profile
    # suggest
    what should I have for lunch?	suggest
    suggest a snack with lots of protein	suggest
    give me a healthy dinner idea	suggest
    # manage_recipe
    create a recipe called green smoothie with spinach, banana and almond milk	manage_recipe
    save this meal as a recipe	manage_recipe
    show me my saved recipes	manage_recipe
    # add_food
    add a food: granola bar, 180 kcal, 4 g protein per bar	add_food
    create a custom food called homemade muffin	add_food
    # greet, thanks, goodbye, help, affirm, deny
    hello!	greet
    Hey there 👋	greet
    good morning nutrichat	greet
    thank you so much!	thanks
    thanks, that's perfect	thanks
    bye for now	goodbye
    good night!	goodbye
    what can you do?	help
    how do I log a meal?	help
    yes	affirm
    yep, that's right	affirm
    sure	affirm
    no	deny
    nope	deny
    not really	deny
    cancel	deny
    # out_of_scope, and inputs that must never be logged
    what's the weather like?	out_of_scope
    play some music	out_of_scope
    set a timer for 10 minutes	out_of_scope
    tell me a joke	out_of_scope
    book a table for two at 7	out_of_scope
    order a pizza	out_of_scope
    how do I make lasagna	out_of_scope
    what's 12 times 12	out_of_scope
    what's the weather like?	!log
    play some music	!log
    set a timer for 10 minutes	!log
    tell me a joke	!log
    wake me up at 7	!log
    what's my bank balance	!log
    book a flight to berlin	!log
    who won the game last night	!log
    write a python script	!log
    turn off the lights	!log
    I had a long day at work	!log
    I ran into my boss at the store	!log
    I had a meeting all morning	!log
    we went to the cinema	!log
    my car ran out of gas again	!log
    order sushi for delivery	!log
    add milk to my shopping list	!log
    give me a recipe for pancakes	!log
    how long do I boil an egg	!log
    remind me to drink water at 3	!log
    asdf qwer zxcv	!log
    # more phrasings of every intent
    a bowl of granola with almond milk	log_food
    I snacked on two rice cakes with hummus	log_food
    dinner: grilled shrimp skewers and couscous	log_food
    this morning I had a flat white and a banana muffin	log_food
    ate 3 oz of turkey breast	log_food
    just had a slice of carrot cake	log_food
    I had a big glass of chocolate milk after practice	log_food
    For lunch I had a bowl of tomato basil soup with a grilled cheese sandwich on sourdough	log_food
    log a cup of green grapes	log_food
    had 2 scoops of mint chip ice cream	log_food
    I drank a bottle of still water	log_water
    log 2 glasses of water please	log_water
    had a tall glass of water with lemon	log_water
    water, 750 ml	log_water
    I went for a 25 minute jog	log_exercise
    did 40 minutes of rowing	log_exercise
    an hour of gardening this afternoon	log_exercise
    I swam 15 laps	log_exercise
    went on a 6 km hike	log_exercise
    log 50 minutes of strength training	log_exercise
    weighed 67.3 kg this morning	log_weight
    the scale says 158 lbs	log_weight
    log my weight, 88 kg	log_weight
    I'm 79 kilos today	log_weight
    how much fiber does an avocado have	ask_nutrition
    what are the macros in a cup of oatmeal	ask_nutrition
    how many calories are in a slice of sourdough	ask_nutrition
    is greek yogurt high in protein?	ask_nutrition
    which has more vitamin c, an orange or a kiwi?	ask_nutrition
    how much sodium is in a pickle	ask_nutrition
    how many calories have I eaten so far	ask_progress
    what's left for today	ask_progress
    how much water did I drink yesterday	ask_progress
    give me a summary of last week	ask_progress
    did I hit my protein goal today	ask_progress
    what did I have for dinner on tuesday	ask_progress
    actually make that 2 cups	correct
    no, it was a small latte	correct
    sorry, I meant almond milk	correct
    change the pasta to 1 cup	correct
    it was 3 slices not 2	correct
    undo the last one	undo
    delete the pizza from dinner	undo
    remove my last entry	undo
    take the cookie off	undo
    set my protein goal to 130 g	set_goal
    I want to get down to 75 kg	set_goal
    my daily calorie target is 2100	set_goal
    I want to drink 3 liters of water a day	set_goal
    I'm a 41 year old man, 178 cm, 84 kg	set_profile
    I'm moderately active and work at a desk	set_profile
    I'm vegetarian and allergic to peanuts	set_profile
    please use metric units	set_profile
    what should I eat for a snack tonight?	suggest
    recommend a high protein breakfast	suggest
    I'm hungry, any ideas?	suggest
    suggest a light dinner under 500 calories	suggest
    save today's breakfast as a meal called weekday breakfast	manage_recipe
    delete my banana bread recipe	manage_recipe
    what recipes do I have?	manage_recipe
    add a new food: oat protein bar, 210 kcal, 15 g protein	add_food
    create a custom food for my mom's soup	add_food
    hiya	greet
    good evening!	greet
    thanks a lot!	thanks
    cheers, thank you	thanks
    see you tomorrow!	goodbye
    I'm heading to bed, goodnight	goodbye
    how do I log water?	help
    what can I ask you?	help
    yeah, that's right	affirm
    sure, go ahead	affirm
    nah	deny
    no, don't log that	deny
    what's the forecast for tomorrow	out_of_scope
    set an alarm for 6:45	out_of_scope
    reserve a table for 3 at the thai place	out_of_scope
    how long should I bake cookies	out_of_scope
    who won the match yesterday	out_of_scope
    what's 15% of 240	out_of_scope
    I had a great time at the concert	!log
    I ran the dishwasher twice today	!log
    get me a large fries from mcdonalds	!log
    put apples on my shopping list	!log
    log my sleep, 8 hours	!log
    remind me to eat lunch at 1	!log
    I walked into the office late	!log
    # everyday assistant phrasing (issue 11): none of these lines is a training example
    find the nutrition info for chicken breast for me	ask_nutrition
    how many calories can i expect to be in fries	ask_nutrition
    can you find out how much protein is in a pork chop	ask_nutrition
    i need to know the carbs in a flour tortilla	ask_nutrition
    look up the nutrition info for a blueberry muffin	ask_nutrition
    whats the deal with the sugar in granola	ask_nutrition
    tell me how many calories a slice of banana bread has	ask_nutrition
    could you tell me the fat content of a croissant	ask_nutrition
    that isn't right	deny
    that's not true at all	deny
    no that is not correct	deny
    are you doing alright	greet
    hey how are you doing this evening	greet
    how's your day been	greet
    what should i have for an italian dinner	suggest
    suggest a thai lunch	suggest
    any ideas for a mexican breakfast	suggest
    what sorts of things can i ask you	help
    what kind of stuff can you help me with	help
    yes that's true	affirm
    yeah you're right about that	affirm
    thanks a lot for your help	thanks
    really appreciate the help	thanks
    ok that's all for now, bye	goodbye
    it was nice chatting, see you	goodbye
    book a table for two at an italian place	out_of_scope
    how long do you boil an egg for	out_of_scope
    add oat milk to the shopping list	out_of_scope
    which wine goes well with steak	out_of_scope
    set a timer for 12 minutes for the rice	out_of_scope
    how much is in my checking account	out_of_scope
    remind me to buy bananas tomorrow	out_of_scope
    book a table for two at an italian place	!log
    add oat milk to the shopping list	!log
    which wine goes well with steak	!log
    how long should i grill salmon	!log
    order a pepperoni pizza for delivery	!log
    put avocados on my grocery list	!log
    """
}
