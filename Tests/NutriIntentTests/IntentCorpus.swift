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
    """
}
